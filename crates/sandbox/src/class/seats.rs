//! A class's seats: the trainer's and one per trainee, each a portal with its own key and
//! login, kept in the class folder (readable by its owner only) so a restarted server hands
//! out the same class sheet.

use std::path::Path;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::ClassError;

/// The trainer's portal; trainee n has the next n-th.
pub const TRAINER_PORTAL: i64 = 5000;
/// The most trainees one class holds.
pub const MAX_TRAINEES: usize = 60;
const SEATS_FILE: &str = "class.json";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// 0 for the trainer.
    pub trainee: usize,
    pub portal: i64,
    pub key: String,
    pub login: String,
    pub password: String,
}

impl Seat {
    fn new(trainee: usize) -> Seat {
        // Typed from a printed sheet: no letter that reads as another (l, I, 1, O, 0).
        const UNMISTAKABLE: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        let secret = |n: usize| -> String {
            let mut rng = rand::rng();
            (0..n)
                .map(|_| char::from(UNMISTAKABLE[rng.random_range(0..UNMISTAKABLE.len())]))
                .collect()
        };
        let (prefix, login) = if trainee == 0 {
            ("trainer", "trainer@class.example".to_owned())
        } else {
            ("trainee", format!("trainee{trainee:02}@class.example"))
        };
        Seat {
            trainee,
            portal: TRAINER_PORTAL + trainee as i64,
            key: format!("{prefix}-{}", secret(32)),
            login,
            password: secret(14),
        }
    }

    pub fn is_trainer(&self) -> bool {
        self.trainee == 0
    }

    /// The portal's name, which the window shows.
    pub fn portal_name(&self) -> String {
        if self.is_trainer() {
            "Training: the trainer's portal".to_owned()
        } else {
            format!("Training: trainee {:02}", self.trainee)
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct SeatsFile {
    seats: Vec<Seat>,
}

/// The class's seats: those kept in `dir` when there are as many, else new ones (kept).
pub fn load_or_create(dir: &Path, trainees: usize) -> Result<Vec<Seat>, ClassError> {
    if trainees == 0 || trainees > MAX_TRAINEES {
        return Err(ClassError::Size(trainees));
    }
    let path = dir.join(SEATS_FILE);
    if let Ok(text) = std::fs::read_to_string(&path)
        && let Ok(kept) = serde_json::from_str::<SeatsFile>(&text)
        && kept.seats.len() == trainees + 1
        && kept.seats.iter().enumerate().all(|(n, s)| s.trainee == n)
    {
        return Ok(kept.seats);
    }
    let seats: Vec<Seat> = (0..=trainees).map(Seat::new).collect();
    let text = serde_json::to_string_pretty(&SeatsFile {
        seats: seats.clone(),
    })
    .map_err(|e| ClassError::Io(std::io::Error::other(e)))?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(&mut file, text.as_bytes())?;
    file.persist(&path).map_err(|e| e.error)?;
    crate::paths::restrict_to_user(&path);
    Ok(seats)
}

/// The class sheet as CSV: a row per seat, what a trainee types to connect.
pub fn sheet_csv(base_url: &str, seats: &[Seat]) -> String {
    let mut out = String::from("seat,portal,subscription key,login,password,service address\n");
    for seat in seats {
        let who = if seat.is_trainer() {
            "trainer".to_owned()
        } else {
            format!("trainee {:02}", seat.trainee)
        };
        out.push_str(&format!(
            "{who},{},{},{},{},{base_url}\n",
            seat.portal, seat.key, seat.login, seat.password
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_kept_for_a_restart_and_made_again_for_another_size() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path(), 3).unwrap();
        assert_eq!(first.len(), 4);
        assert_eq!(first[2].portal, TRAINER_PORTAL + 2);
        assert_eq!(first[2].login, "trainee02@class.example");
        let keys: std::collections::HashSet<&str> = first.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys.len(), 4, "every seat has a key of its own");
        assert_eq!(
            load_or_create(dir.path(), 3).unwrap(),
            first,
            "a restart keeps the sheet"
        );
        let other = load_or_create(dir.path(), 5).unwrap();
        assert_eq!(other.len(), 6);
        assert_ne!(other[1].key, first[1].key);
        assert!(matches!(
            load_or_create(dir.path(), 61),
            Err(ClassError::Size(61))
        ));
        assert!(matches!(
            load_or_create(dir.path(), 0),
            Err(ClassError::Size(0))
        ));
    }

    #[test]
    fn every_seat_key_says_it_is_a_training_key() {
        let dir = tempfile::tempdir().unwrap();
        for seat in load_or_create(dir.path(), 4).unwrap() {
            assert!(
                leasedesk_domain::training_key::is_training_key(&seat.key),
                "{}",
                seat.key
            );
        }
        assert!(leasedesk_domain::training_key::is_training_key(
            crate::TRAINING_KEY
        ));
        assert!(!leasedesk_domain::training_key::is_training_key(
            crate::DEMO_KEY
        ));
    }

    #[test]
    fn the_sheet_has_a_row_per_seat() {
        let dir = tempfile::tempdir().unwrap();
        let seats = load_or_create(dir.path(), 2).unwrap();
        let sheet = sheet_csv("http://10.0.0.5:8080", &seats);
        let lines: Vec<&str> = sheet.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with("trainer,5000,trainer-"));
        assert!(lines[3].starts_with("trainee 02,5002,trainee-"));
        assert!(lines[3].ends_with(",http://10.0.0.5:8080"));
    }
}
