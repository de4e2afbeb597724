//! Telling people about their games by other ways than mail. Mail is `src/mail`; webhooks
//! (Discord, Slack, Matrix, signed JSON) are [`webhooks`]. What they say is decided in
//! `src/play/webhooks.rs`, through the per-viewer gate; this module only writes and delivers it.

pub mod push;
pub mod webhooks;
