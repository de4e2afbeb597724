//! All 96 cards of Escape from Colditz as data (docs/rules/colditz.md, "Cards").
//!
//! A card is a [`CardId`] (0–95), the same in every game; what it is comes from [`kind`]. The
//! ids are written into logs, so the order below must never change. In JSON a card is the
//! string `"card<N>"` (e.g. `"card41"`), which no other value of the game contains: a leak test
//! can look for it in raw bytes.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// One card of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u8);

impl fmt::Debug for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card{}", self.0)
    }
}

impl Serialize for CardId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("card{}", self.0))
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.strip_prefix("card")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| usize::from(n) < COUNT)
            .map(CardId)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a card (card0–card95)")))
    }
}

/// How many cards the game has.
pub const COUNT: usize = 96;

/// The five packs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pack {
    /// Escape Equipment, 27: taken by choice, so kept face up by kind.
    Equipment,
    /// Personal Civilian Escape Kit, 5.
    Kit,
    /// Escaper's Opportunity, 45: shuffled, drawn from the top.
    Opportunity,
    /// German Security, 14: shuffled, drawn from the top.
    Security,
    /// Do or Die, 5: shuffled (part 2).
    DoOrDie,
}

/// The four kinds of Escape Equipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Equipment {
    Rope,
    Key,
    Pass,
    WireCutters,
}

impl Equipment {
    pub const ALL: [Equipment; 4] =
        [Equipment::Rope, Equipment::Key, Equipment::Pass, Equipment::WireCutters];
    pub fn key(self) -> &'static str {
        match self {
            Equipment::Rope => "rope",
            Equipment::Key => "key",
            Equipment::Pass => "pass",
            Equipment::WireCutters => "wire-cutters",
        }
    }
    /// The room symbol that yields it.
    pub fn symbol(self) -> super::board::Symbol {
        use super::board::Symbol;
        match self {
            Equipment::Rope => Symbol::Rope,
            Equipment::Key => Symbol::Key,
            Equipment::Pass => Symbol::Pass,
            Equipment::WireCutters => Symbol::WireCutters,
        }
    }
}

/// The two Opportunity cards that stand for parts of the Escape Kit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KitPart {
    /// Compass and food.
    CompassFood,
    /// Documents (maps, money) and clothing (disguise).
    DocumentsClothing,
}

/// What a card is and does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardKind {
    // ---- Escape Equipment and the kit
    Equipment(Equipment),
    Kit,
    // ---- Opportunity
    /// Exchangeable at any time (in turn) for one Escape Equipment card of this kind.
    Exchange(Equipment),
    KitPart(KitPart),
    ReleaseFromSolitary,
    /// One chosen guard directly to barracks.
    Diversion,
    /// Two chosen guards directly to barracks.
    HighCommandInspection,
    /// Answers Appel and Search: men directly to free safe circles.
    AdvanceWarning,
    /// Take any two Escape Equipment cards.
    Bribe,
    /// The German returns two Security cards and draws one.
    Sabotage,
    /// No confiscation at a search or an arrest.
    Hideaway,
    /// Part 2.
    Tunnel(&'static str),
    /// Part 2.
    StaffCar,
    /// Part 2.
    Talisman,
    /// A man directly into this room.
    QuickMove(&'static str),
    // ---- Security
    Appel,
    /// Part 2.
    ShootToKill,
    /// Part 2.
    ArrestKeyHolder,
    /// Part 2.
    ArrestPassHolder,
    /// Part 2.
    TunnelDetected,
    Search(&'static str),
    // ---- Do or Die (part 2)
    DoOrDie(u8),
}

const QUICK_MOVE_ROOMS: [&str; 8] = [
    "orderlies-quarters",
    "kitchen",
    "parcels-office",
    "dentist",
    "showers",
    "guard-house",
    "officers-quarters",
    "interview-room",
];
const SEARCH_ROOMS: [&str; 8] =
    ["kitchen", "guard-house", "stores", "showers", "sick-bay", "dentist", "chapel", "orderlies-quarters"];

/// The whole catalogue, by id.
pub static CATALOGUE: std::sync::LazyLock<Vec<CardKind>> = std::sync::LazyLock::new(|| {
    use CardKind::*;
    let mut v = Vec::with_capacity(COUNT);
    let mut add = |kind: CardKind, n: usize| v.extend(std::iter::repeat_n(kind, n));
    // Escape Equipment, 27 (ids 0–26).
    add(Equipment(self::Equipment::Rope), 12);
    add(Equipment(self::Equipment::Key), 6);
    add(Equipment(self::Equipment::Pass), 5);
    add(Equipment(self::Equipment::WireCutters), 4);
    // Personal Civilian Escape Kit, 5 (27–31).
    add(Kit, 5);
    // Opportunity, 45 (32–76).
    add(Exchange(self::Equipment::Rope), 2);
    add(Exchange(self::Equipment::Key), 2);
    add(Exchange(self::Equipment::Pass), 2);
    add(Exchange(self::Equipment::WireCutters), 1);
    add(KitPart(self::KitPart::CompassFood), 2);
    add(KitPart(self::KitPart::DocumentsClothing), 2);
    add(ReleaseFromSolitary, 5);
    add(Diversion, 2);
    add(HighCommandInspection, 1);
    add(AdvanceWarning, 2);
    add(Bribe, 5);
    add(Sabotage, 1);
    add(Hideaway, 5);
    add(Tunnel("chapel"), 1);
    add(Tunnel("canteen"), 1);
    add(Tunnel("theatre"), 1);
    add(StaffCar, 1);
    add(Talisman, 1);
    for room in QUICK_MOVE_ROOMS {
        add(QuickMove(room), 1);
    }
    // Security, 14 (77–90).
    add(Appel, 2);
    add(ShootToKill, 1);
    add(ArrestKeyHolder, 1);
    add(ArrestPassHolder, 1);
    add(TunnelDetected, 1);
    for room in SEARCH_ROOMS {
        add(Search(room), 1);
    }
    // Do or Die, 5 (91–95).
    for throws in [7, 6, 5, 4, 3] {
        add(DoOrDie(throws), 1);
    }
    assert_eq!(v.len(), COUNT);
    v
});

/// What card `id` is.
pub fn kind(id: CardId) -> CardKind {
    CATALOGUE[usize::from(id.0)]
}

/// Every card of a pack, in id order.
pub fn pack_cards(pack: Pack) -> Vec<CardId> {
    (0..COUNT as u8).map(CardId).filter(|&c| kind(c).pack() == pack).collect()
}

impl CardKind {
    pub fn pack(self) -> Pack {
        use CardKind::*;
        match self {
            Equipment(_) => Pack::Equipment,
            Kit => Pack::Kit,
            Exchange(_)
            | KitPart(_)
            | ReleaseFromSolitary
            | Diversion
            | HighCommandInspection
            | AdvanceWarning
            | Bribe
            | Sabotage
            | Hideaway
            | Tunnel(_)
            | StaffCar
            | Talisman
            | QuickMove(_) => Pack::Opportunity,
            Appel | ShootToKill | ArrestKeyHolder | ArrestPassHolder | TunnelDetected | Search(_) => {
                Pack::Security
            }
            DoOrDie(_) => Pack::DoOrDie,
        }
    }

    /// The stable name of the kind, used in Fluent ids (`colditz-card-<key>` and
    /// `colditz-card-<key>-text`) and in views.
    pub fn key(self) -> String {
        use CardKind::*;
        match self {
            Equipment(e) => e.key().to_string(),
            Kit => "kit".into(),
            Exchange(e) => format!("exchange-{}", e.key()),
            KitPart(self::KitPart::CompassFood) => "kit-part-compass-food".into(),
            KitPart(self::KitPart::DocumentsClothing) => "kit-part-documents-clothing".into(),
            ReleaseFromSolitary => "release".into(),
            Diversion => "diversion".into(),
            HighCommandInspection => "inspection".into(),
            AdvanceWarning => "advance-warning".into(),
            Bribe => "bribe".into(),
            Sabotage => "sabotage".into(),
            Hideaway => "hideaway".into(),
            Tunnel(room) => format!("tunnel-{room}"),
            StaffCar => "staff-car".into(),
            Talisman => "talisman".into(),
            QuickMove(room) => format!("quick-move-{room}"),
            Appel => "appel".into(),
            ShootToKill => "shoot-to-kill".into(),
            ArrestKeyHolder => "arrest-key-holder".into(),
            ArrestPassHolder => "arrest-pass-holder".into(),
            TunnelDetected => "tunnel-detected".into(),
            Search(room) => format!("search-{room}"),
            DoOrDie(n) => format!("do-or-die-{n}"),
        }
    }

    /// The card's name, for people.
    pub fn name(self) -> String {
        format!("colditz-card-{}", self.key())
    }

    /// Part 1 refused the play of the cards part 2 implements; since part 2 every card has its
    /// effect, so this is always false. Kept so that callers written against part 1 still build.
    pub fn effect_in_part_2(self) -> bool {
        false
    }
}

impl CardId {
    pub fn kind(self) -> CardKind {
        kind(self)
    }
}
