//! Pure rules over API types, tested without egui, tokio or a network: case rows, the calendar
//! and "My day", following up and next steps, reminders, tours, occupancy, the census forecast,
//! the sales funnel, the weekly report's figures, move-in, unit import, campaigns, drafts of what
//! forms send, and how dates and money are written.

// The layer below, by the name the code has always used for it.
use leasedesk_api as api;

pub mod active_lead;
pub mod activity_draft;
pub mod activity_results;
pub mod admissions;
pub mod benchmarks;
pub mod calendar;
pub mod calls;
pub mod campaigns;
pub mod cases;
pub mod census;
pub mod channel;
pub mod checklist;
pub mod contact;
pub mod contact_story;
pub mod csv_export;
pub mod dates;
pub mod duplicate_groups;
pub mod duplicates;
pub mod follow_up;
pub mod format;
pub mod funnel;
pub mod individual_draft;
pub mod inquiry;
pub mod lost_leads;
pub mod move_in;
pub mod move_in_score;
pub mod my_day;
pub mod next_step;
pub mod occupancy;
pub mod outreach;
pub mod outreach_due;
pub mod partner_pack;
pub mod person_problem;
pub mod phone;
pub mod plugin;
pub mod referral;
pub mod region;
pub mod reminders;
pub mod report;
pub mod response_times;
pub mod source_returns;
pub mod speed_to_lead;
pub mod team_board;
pub mod tour;
pub mod training_exam;
pub mod training_key;
pub mod unit_import;
pub mod user_draft;
pub mod waitlist;
