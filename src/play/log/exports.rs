//! The whole log as stored, signed by the server, and the verdict on an ended game's log, kept
//! when the game ends (an ended game's log no longer changes).

use super::GameLog;
use crate::play::PlayError;
use crate::record::{self, Export, ExportHead};
use crate::store::GameRow;

impl GameLog {
    /// Everything as stored (the CLI's `export`, and everyone's after the end).
    pub async fn full_export(&self, game: &GameRow) -> Result<Export, PlayError> {
        let records = self.store.records(&game.id, 0).await?;
        let head_hash = records.last().map(|c| c.hash.clone()).unwrap_or_default();
        let export = Export {
            format: record::EXPORT_FORMAT.into(),
            game_id: game.id.to_string(),
            ruleset: game.ruleset.clone(),
            title: game.title.clone(),
            viewer: "full".into(),
            seed: game.finished_at.map(|_| game.seed.clone()),
            records,
            signature: None,
            chat: Vec::new(),
        };
        Ok(self.signed(export, &head_hash, game.finished_at.is_some()))
    }

    /// The export with the server's signature over its head (`head_hash`: the chain hash of
    /// its last record as stored, which a seat's export may withhold).
    pub fn signed(&self, mut export: Export, head_hash: &str, finished: bool) -> Export {
        let head = ExportHead {
            game_id: export.game_id.clone(),
            viewer: export.viewer.clone(),
            records: export.records.len() as u64,
            head_seq: export.records.last().map(|c| c.seq).unwrap_or(0),
            head_hash: head_hash.to_owned(),
            finished,
        };
        export.signature = Some(self.links.secret().sign_export(head));
        export
    }

    /// Verify an ended game now and keep the verdict: the number of records checked, or what
    /// is wrong.
    pub async fn verify_ended(&self, game_id: &crate::ids::GameId) -> Result<Result<u64, String>, PlayError> {
        let game = self.store.game(game_id).await?.ok_or(PlayError::UnknownGame)?;
        let export = self.full_export(&game).await?;
        let verdict = crate::audit::verify(&export).map(|v| v.records as u64).map_err(|e| e.to_string());
        let (records, failure) = match &verdict {
            Ok(n) => (*n as i64, None),
            Err(why) => (export.records.len() as i64, Some(why.as_str())),
        };
        self.store.save_game_verdict(game_id, self.now(), records, failure).await?;
        Ok(verdict)
    }
}
