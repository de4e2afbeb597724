//! Tests of Na zajatce: a scenario per rule (`scenarios`), random whole games (`properties`),
//! the Fluent catalogs (`catalogs`), and the measurements behind the limits' defaults
//! (`measurements`, ignored by default).

mod builder;
mod catalogs;
mod contract;
mod measurements;
mod player;
mod properties;
mod scenarios;
