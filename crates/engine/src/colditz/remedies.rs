//! Remedies under rule 55 (the German Security Officer rules on every dispute).

use super::Colditz;

impl crate::Remedies for Colditz {
    type Correction = crate::NoCorrection;
}
