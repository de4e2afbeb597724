//! The date limit (C23): a game whose time limit is a date ends, the German winning, when any
//! seat sends `time_up` with the server's date on or after it.
//!
//! Apart because it is the one action that comes from the server's clock, not from play; a limit
//! in rounds is judged by the state itself.

use super::{Decided, refuse};
use crate::colditz::events::Event;
use crate::colditz::options::TimeLimit;
use crate::colditz::state::{Phase, State};

/// C23: the date limit has passed (the server's date, compared as ISO 8601 text).
pub(super) fn time_up(state: &State, today: &str) -> Decided {
    let TimeLimit::Date(limit) = &state.options.time_limit else {
        return Err(refuse("C23", "no-date-limit"));
    };
    if state.phase != Phase::Playing {
        return Err(refuse("C23", "not-started"));
    }
    let valid = today.len() >= 10 && today.is_char_boundary(10) && today[..10].parse::<TinyDate>().is_ok();
    if !valid {
        return Err(refuse("C23", "bad-date"));
    }
    if today[..10] < *limit.get(..10).unwrap_or(limit) {
        return Err(refuse("C23", "before-the-limit"));
    }
    Ok(vec![Event::TimeUp { today: today[..10].to_string() }])
}

/// A date `YYYY-MM-DD`, only checked for shape.
struct TinyDate;

impl std::str::FromStr for TinyDate {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let b = s.as_bytes();
        let digits = |r: std::ops::Range<usize>| r.into_iter().all(|i| b[i].is_ascii_digit());
        (b.len() == 10 && digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10))
            .then_some(TinyDate)
            .ok_or(())
    }
}
