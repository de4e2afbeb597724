//! Arbitrary bytes sent by an SMTP client to the inbound listener's session, cut into reads as
//! the first byte says, each message handed over answered in turn with every verdict: never a
//! panic, never a line or a message held past its limit, every reply a line with a code, nothing
//! read once the session is closed (the checks are `exercise`'s, in src/mail/session.rs, which the
//! unit tests also run over a corpus).
#![no_main]

// The session knows only std: it is built here from its source alone, without the server around
// it (whose dependencies would otherwise all be built with the fuzzer's flags).
#[path = "../../src/mail/session.rs"]
#[allow(dead_code)]
mod session;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| session::exercise(data));
