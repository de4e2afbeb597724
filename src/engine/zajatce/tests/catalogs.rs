//! catalogs
