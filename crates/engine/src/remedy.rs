//! Remedies: what an adjudicator may order when they find a complaint about a seat's action
//! justified. The rules decide which remedies exist (an invalid Služba clue ends the team's turn;
//! in Escape from Colditz the German puts things right under rule 55); the server decides
//! whether a rewind is still possible (never across anything hidden that came to light).

use crate::{Msg, Random, Refusal, Ruleset, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// One way to put a justified complaint right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "remedy", rename_all = "snake_case")]
pub enum Remedy<C> {
    /// The game goes back to just before the contested action: it and what followed are void.
    Rewind,
    /// A correction recorded as new events; nothing is taken back.
    Correct { correction: C },
}

/// An uninhabited correction, for rulesets whose only remedy is the rewind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoCorrection {}

/// A ruleset's remedies.
pub trait Remedies: Ruleset {
    type Correction: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// The remedies the rules allow for a justified complaint about `seat`'s `action`, given the
    /// state just before it, just after it and now (in the order an adjudicator should be offered
    /// them). A correction concerns only what the contested step changed (before against
    /// after), as it stands now. The rewind, where listed, is still subject to the server's
    /// rule: never across a reveal.
    fn remedies(
        before: &Self::State,
        after: &Self::State,
        now: &Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Vec<Remedy<Self::Correction>> {
        let _ = (before, after, now, seat, action);
        vec![Remedy::Rewind]
    }

    /// The events of a correction, ordered by the adjudicator `by` (a seat, or `None` for the
    /// host), in the state now.
    fn correct(
        now: &Self::State,
        by: Option<Seat>,
        correction: &Self::Correction,
        rng: &mut dyn Random,
    ) -> Result<Vec<Self::Event>, Refusal> {
        let _ = (now, by, correction, rng);
        Err(Refusal::new("D3", Msg::new("remedy-refusal-none")))
    }

    /// The correction, named for the adjudicator's choice and the history.
    fn describe_correction(correction: &Self::Correction) -> Msg {
        let _ = correction;
        Msg::new("remedy-correction")
    }
}
