//! Board drawings (SVG), built only from a viewer's view.

pub mod zajatce;
