//! The RSVP board's rules: members in status columns with counts, optimistic moves that are
//! sent one at a time in the order made and undone one by one if the service refuses them,
//! and the admission checklist's progress.

use std::collections::VecDeque;

use crate::api::model::{CampaignIndividual, CampaignStatus};

/// The board's columns, in order.
pub const COLUMNS: [CampaignStatus; 5] = [
    CampaignStatus::Invited,
    CampaignStatus::Rsvp,
    CampaignStatus::Attended,
    CampaignStatus::NoShow,
    CampaignStatus::Cancelled,
];

pub fn column_of(status: CampaignStatus) -> usize {
    COLUMNS.iter().position(|s| *s == status).unwrap_or(0)
}

/// A move the user made: shown at once, sent in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub individual_id: i64,
    pub from: CampaignStatus,
    pub to: CampaignStatus,
}

/// The members of one campaign as the board shows them, with moves not yet confirmed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Board {
    pub campaign_id: i64,
    pub members: Vec<CampaignIndividual>,
    /// Moves waiting to be sent, oldest first; the first is the one in flight.
    pub queue: VecDeque<Move>,
}

impl Board {
    pub fn new(campaign_id: i64, members: Vec<CampaignIndividual>) -> Self {
        Board {
            campaign_id,
            members,
            queue: VecDeque::new(),
        }
    }

    pub fn status_of(&self, individual_id: i64) -> Option<CampaignStatus> {
        self.members
            .iter()
            .find(|m| m.individual_id == individual_id)
            .and_then(CampaignIndividual::status)
    }

    fn set_status(&mut self, individual_id: i64, status: CampaignStatus) {
        if let Some(m) = self
            .members
            .iter_mut()
            .find(|m| m.individual_id == individual_id)
        {
            m.campaign_status = status.to_string();
        }
    }

    /// Moves a card at once and queues the request. Returns false when nothing changes.
    pub fn move_to(&mut self, individual_id: i64, to: CampaignStatus) -> bool {
        let Some(from) = self.status_of(individual_id) else {
            return false;
        };
        if from == to {
            return false;
        }
        self.set_status(individual_id, to);
        self.queue.push_back(Move {
            individual_id,
            from,
            to,
        });
        true
    }

    /// The service accepted the move in flight.
    pub fn confirmed(&mut self) -> Option<Move> {
        self.queue.pop_front()
    }

    /// The service refused the move in flight: the card goes back to where that move took it
    /// from, unless a later queued move for the same person supersedes it (then that later
    /// move starts from the restored status instead).
    pub fn refused(&mut self) -> Option<Move> {
        let refused = self.queue.pop_front()?;
        match self
            .queue
            .iter_mut()
            .find(|m| m.individual_id == refused.individual_id)
        {
            Some(later) => later.from = refused.from,
            None => self.set_status(refused.individual_id, refused.from),
        }
        Some(refused)
    }

    /// Indices of the members in each column, sorted by name, among those `shown` admits.
    pub fn columns(&self, shown: impl Fn(&CampaignIndividual) -> bool) -> [Vec<usize>; 5] {
        let mut columns: [Vec<usize>; 5] = Default::default();
        for (i, m) in self.members.iter().enumerate() {
            if shown(m) {
                columns[column_of(m.status().unwrap_or(CampaignStatus::Invited))].push(i);
            }
        }
        for column in &mut columns {
            column.sort_by(|&a, &b| {
                let key = |m: &CampaignIndividual| {
                    (m.last_name.to_lowercase(), m.first_name.to_lowercase())
                };
                key(&self.members[a]).cmp(&key(&self.members[b]))
            });
        }
        columns
    }
}

/// The attendee list as CSV: everyone with their status and response.
pub fn write_members_csv<W: std::io::Write>(
    members: &[CampaignIndividual],
    out: W,
) -> Result<(), csv::Error> {
    let mut w = crate::csv_export::SafeWriter::new(out);
    w.row([
        "Individual id",
        "First name",
        "Last name",
        "Status",
        "Type",
        "Community",
        "Email",
        "Phone",
        "Response",
        "Case",
    ])?;
    for m in members {
        w.row([
            m.individual_id.to_string().as_str(),
            &m.first_name,
            &m.last_name,
            &m.campaign_status,
            &m.kind,
            &m.community,
            &m.email,
            m.home.as_deref().unwrap_or(""),
            &m.response,
            &m.case_id.to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: i64, last: &str, status: &str) -> CampaignIndividual {
        serde_json::from_value(serde_json::json!({
            "IndividualId": id.to_string(), "FirstName": "A", "LastName": last, "Email": "",
            "AddressLine1": "", "City": "", "PostalCode": "", "Country": "",
            "CampaignStatus": status, "Type": "Prospect", "Community": "Maple",
            "Response": "", "CampaignStart": "2026-11-01T00:00:00Z",
            "CampaignEnd": "2026-11-30T00:00:00Z", "CaseId": id
        }))
        .unwrap()
    }

    fn board() -> Board {
        Board::new(
            1,
            vec![
                member(1, "Zimmer", "Invited"),
                member(2, "Abel", "Invited"),
                member(3, "Moss", "RSVP"),
                member(4, "Lane", "Attended"),
            ],
        )
    }

    fn counts(b: &Board) -> Vec<usize> {
        b.columns(|_| true).iter().map(Vec::len).collect()
    }

    #[test]
    fn columns_count_and_sort_by_name() {
        let b = board();
        assert_eq!(counts(&b), [2, 1, 1, 0, 0]);
        assert_eq!(b.columns(|_| true)[0], vec![1, 0]);
        assert_eq!(
            b.columns(|m| m.last_name != "Abel")
                .iter()
                .map(Vec::len)
                .collect::<Vec<_>>(),
            [1, 1, 1, 0, 0]
        );
    }

    #[test]
    fn a_move_shows_at_once_and_queues_in_order() {
        let mut b = board();
        assert!(b.move_to(1, CampaignStatus::Rsvp));
        assert!(b.move_to(1, CampaignStatus::Attended));
        assert!(b.move_to(2, CampaignStatus::NoShow));
        assert!(!b.move_to(2, CampaignStatus::NoShow), "no-op");
        assert_eq!(counts(&b), [0, 1, 2, 1, 0]);
        let order: Vec<_> = b.queue.iter().map(|m| (m.individual_id, m.to)).collect();
        assert_eq!(
            order,
            [
                (1, CampaignStatus::Rsvp),
                (1, CampaignStatus::Attended),
                (2, CampaignStatus::NoShow)
            ]
        );
        assert_eq!(b.confirmed().unwrap().to, CampaignStatus::Rsvp);
        assert_eq!(b.queue.len(), 2);
    }

    #[test]
    fn a_refused_move_puts_the_card_back() {
        let mut b = board();
        b.move_to(3, CampaignStatus::Cancelled);
        let refused = b.refused().unwrap();
        assert_eq!(refused.from, CampaignStatus::Rsvp);
        assert_eq!(b.status_of(3), Some(CampaignStatus::Rsvp));
        assert_eq!(counts(&b), [2, 1, 1, 0, 0]);
    }

    #[test]
    fn a_refusal_followed_by_a_queued_move_keeps_the_later_move() {
        let mut b = board();
        b.move_to(3, CampaignStatus::Attended);
        b.move_to(3, CampaignStatus::NoShow);
        b.refused();
        // The card stays where the later move put it; that move now starts from RSVP.
        assert_eq!(b.status_of(3), Some(CampaignStatus::NoShow));
        assert_eq!(b.queue[0].from, CampaignStatus::Rsvp);
    }
}
