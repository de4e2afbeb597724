//! Board drawings (SVG), built only from a viewer's view.

pub mod colditz;
pub mod colditz_board;
pub mod sluzba;
pub mod zajatce;
