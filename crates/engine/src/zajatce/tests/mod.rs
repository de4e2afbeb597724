//! Tests of Na zajatce: a scenario per rule (`scenarios`), random whole games (`properties`),
//! the contract every ruleset keeps (`contract`), and the measurements behind the limits' defaults
//! (`measurements`, ignored by default).

mod builder;
mod contract;
mod measurements;
mod player;
mod positions;
mod properties;
mod scenarios;
