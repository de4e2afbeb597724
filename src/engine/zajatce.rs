//! Na zajatce.
