//! The spec's enumerations, each with its numeric wire code and display name.
//!
//! Every enum has an `Other(code)` variant: the service can add codes at any time, and a
//! record carrying one must still decode (the number is kept and shown as "Unknown (N)").

use std::fmt;

macro_rules! wire_code_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $code:literal => $label:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant,)+
            /// A code this version of LeaseDesk does not know.
            Other(i64),
        }

        impl $name {
            /// Every known value, in the order the spec lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn code(self) -> i64 {
                match self {
                    $($name::$variant => $code,)+
                    $name::Other(code) => code,
                }
            }

            pub fn from_code(code: i64) -> Self {
                match code {
                    $($code => $name::$variant,)+
                    other => $name::Other(other),
                }
            }

            /// The spec's name, or `None` for an unknown code.
            pub fn known_name(self) -> Option<&'static str> {
                match self {
                    $($name::$variant => Some($label),)+
                    $name::Other(_) => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.known_name() {
                    Some(name) => f.write_str(name),
                    None => write!(f, "Unknown ({})", self.code()),
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i64(self.code())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                i64::deserialize(d).map($name::from_code)
            }
        }
    };
}

wire_code_enum!(
    /// Search `IndividualTypeId` and the individual records' type.
    IndividualType {
        Prospect = 1 => "Prospect",
        Resident = 2 => "Resident",
        Contact = 3 => "Contact",
        ReferralSource = 4 => "Referral Source",
        PreLead = 6 => "Pre Lead",
    }
);

impl IndividualType {
    /// The name the create operation accepts in its `type` property.
    pub fn create_name(self) -> Option<&'static str> {
        match self {
            IndividualType::Prospect => Some("Prospect"),
            IndividualType::Resident => Some("Resident"),
            IndividualType::Contact => Some("Contact"),
            IndividualType::ReferralSource => Some("Referral"),
            IndividualType::PreLead => Some("Pre Lead"),
            IndividualType::Other(_) => None,
        }
    }

    /// Reads a create `type` property (case-insensitive), as the service accepts it.
    pub fn from_create_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| {
            t.create_name()
                .is_some_and(|n| n.eq_ignore_ascii_case(name.trim()))
        })
    }
}

wire_code_enum!(
    /// Activity status masters.
    ActivityStatusMaster {
        Assigned = 1 => "Assigned",
        InProgress = 2 => "In Progress",
        Completed = 3 => "Completed",
        Cancelled = 4 => "Cancelled",
        Rescheduled = 5 => "Rescheduled",
        Noshow = 6 => "Noshow",
        AppointmentSet = 7 => "Appointment set",
        Reschedule = 8 => "Reschedule",
    }
);

wire_code_enum!(
    /// Activity type masters.
    ActivityTypeMaster {
        Inquiry = 1 => "Inquiry",
        CallOut = 2 => "Call Out",
        EmailIn = 3 => "Email In",
        MailOut = 5 => "Mail Out",
        Deposit = 6 => "Deposit",
        Assessment = 7 => "Assessment",
        Transfer = 9 => "Transfer",
        Other10 = 10 => "Other",
        Tour = 11 => "Tour",
        Appointment = 12 => "Appointment",
        HomeVisit = 14 => "Home Visit",
        WalkIn = 15 => "Walk-in",
        Meeting = 16 => "Meeting",
        WebForm = 17 => "Web Form",
        MoveIn = 18 => "Move In",
        Reschedule = 19 => "Reschedule",
        MoveOut = 20 => "Move Out",
        Referral = 21 => "Referral",
        ToDo = 22 => "To Do",
        EmailOut = 24 => "Email Out",
        CallIn = 26 => "Call In",
        OutreachAppointment = 27 => "Outreach Appointment",
        OutreachCallIn = 28 => "Outreach Call In",
        OutreachCallOut = 29 => "Outreach Call Out",
        Event = 30 => "Event",
        MassEmail = 31 => "Mass Email",
        MassMail = 32 => "Mass Mail",
        ContractSigned = 33 => "Contract Signed",
        PreAdmit = 34 => "Pre-Admit",
        Paperwork = 35 => "Paperwork",
        Admission = 36 => "Admission",
        RespondToReferral = 37 => "Respond to Referral",
        RoomReserve = 38 => "Room Reserve",
        Leave = 39 => "Leave",
        LeaveReturn = 40 => "Leave Return",
        Update = 41 => "Update",
    }
);

wire_code_enum!(
    /// Activity GET `Filter`.
    ActivityFilter {
        All = 0 => "All",
        OverDue = 1 => "Overdue",
        Due = 2 => "Due",
        DueToday = 3 => "Due today",
        DueThisWeek = 4 => "Due this week",
        History = 5 => "History",
        AllUsers = 6 => "All users",
    }
);

wire_code_enum!(
    /// Campaign membership status (`CampaignStatusId`).
    CampaignStatus {
        Invited = 1 => "Invited",
        Rsvp = 2 => "RSVP",
        Attended = 3 => "Attended",
        NoShow = 4 => "No Show",
        Cancelled = 5 => "Cancelled",
    }
);

impl CampaignStatus {
    /// Reads the `CampaignStatus` text of a campaign individual record.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|s| {
            s.known_name()
                .is_some_and(|n| n.eq_ignore_ascii_case(name.trim()))
        })
    }
}

wire_code_enum!(
    /// The value lists as the Type read's `Type` parameter numbers them. This is the numbering
    /// the client sends; it differs from [`TypeCatalogue`] above 40 (see docs/decisions.md).
    TypeList {
        CurrentArrangements = 1 => "CurrentArrangements",
        ExpectedNeeds = 2 => "ExpectedNeeds",
        LeadScore = 3 => "LeadScore",
        MarketSource = 4 => "MarketSource",
        Plans = 5 => "Plans",
        ActivityStatus = 6 => "ActivityStatus",
        ActivityTypes = 7 => "ActivityTypes",
        Care = 8 => "Care",
        PayMethod = 9 => "PayMethod",
        RelationshipType = 10 => "RelationshipType",
        FloorPlanGroupType = 11 => "FloorPlanGroupType",
        ContractType = 12 => "ContractType",
        ContactType = 13 => "ContactType",
        CareGroupType = 14 => "CareGroupType",
        SalesStage = 15 => "SalesStage",
        ReferralCategory = 16 => "ReferralCategory",
        AssistanceType = 17 => "AssistanceType",
        MoveOutReason = 18 => "MoveOutReason",
        MemoryLoss = 19 => "MemoryLoss",
        ApartmentPreference = 20 => "ApartmentPreference",
        ReferralCompanyType = 21 => "ReferralCompanyType",
        WaitlistPriorityType = 22 => "WaitlistPriorityType",
        UnqualifiedReason = 23 => "UnqualifiedReason",
        TransactionTypes = 24 => "TransactionTypes",
        TransactionStatus = 25 => "TransactionStatus",
        StatementMethodType = 26 => "StatementMethodType",
        NotificationType = 27 => "NotificationType",
        LostLeadDestinationType = 28 => "LostLeadDestinationType",
        DecisonStatusType = 29 => "DecisonStatusType",
        CampaignIndividualStatus = 30 => "CampaignIndividualStatus",
        CampaignStatus = 31 => "CampaignStatus",
        CampaignType = 32 => "CampaignType",
        AmbulationType = 33 => "AmbulationType",
        BestMethodOfContact = 34 => "BestMethodOfContact",
        InquiryMethodType = 35 => "InquiryMethodType",
        Titles = 36 => "Titles",
        LostLeadType = 37 => "LostLeadType",
        ActivityResolution = 38 => "ActivityResolution",
        SaleStatus = 39 => "SaleStatus",
        CompanyType = 40 => "CompanyType",
        Ambulation = 43 => "Ambulation",
        Empty = 44 => "Empty",
        Religious = 45 => "Religious",
        Ethnicity = 46 => "Ethnicity",
        Occupation = 47 => "Occupation",
        Language = 48 => "Language",
        EyeColor = 49 => "EyeColor",
        HairColor = 50 => "HairColor",
        MaritalStatus = 51 => "MaritalStatus",
        Gender = 52 => "Gender",
        User = 53 => "User",
        CampaignResponse = 54 => "CampaignResponse",
        YesNo = 55 => "YesNo",
        Status = 56 => "Status",
        Organization = 57 => "Organization",
        AgeCodeType = 58 => "AgeCodeType",
        FloorPreferenceType = 59 => "FloorPreferenceType",
    }
);

impl TypeList {
    /// The lookups the activity-create operation names, and the unit lists.
    pub const MARKET_SOURCE: TypeList = TypeList::MarketSource;
    pub const ACTIVITY_STATUS: TypeList = TypeList::ActivityStatus;
    pub const ACTIVITY_TYPE: TypeList = TypeList::ActivityTypes;
    pub const ACTIVITY_RESULT: TypeList = TypeList::ActivityResolution;
    pub const USER: TypeList = TypeList::User;
    pub const FLOOR_PLAN: TypeList = TypeList::FloorPlanGroupType;
    pub const CARE_GROUP: TypeList = TypeList::CareGroupType;
}

wire_code_enum!(
    /// The spec's type catalogue (its own numbering; see [`TypeList`] for the read's).
    TypeCatalogue {
        CurrentArrangements = 1 => "CurrentArrangements",
        ExpectedNeeds = 2 => "ExpectedNeeds",
        LeadScore = 3 => "LeadScore",
        MarketSource = 4 => "MarketSource",
        Plans = 5 => "Plans",
        ActivityStatus = 6 => "ActivityStatus",
        ActivityTypes = 7 => "ActivityTypes",
        Care = 8 => "Care",
        PayMethod = 9 => "PayMethod",
        RelationshipType = 10 => "RelationshipType",
        FloorPlanGroupType = 11 => "FloorPlanGroupType",
        ContractType = 12 => "ContractType",
        ContactType = 13 => "ContactType",
        CareGroupType = 14 => "CareGroupType",
        SalesStage = 15 => "SalesStage",
        ReferralCategory = 16 => "ReferralCategory",
        AssistanceType = 17 => "AssistanceType",
        MoveOutReason = 18 => "MoveOutReason",
        MemoryLoss = 19 => "MemoryLoss",
        ApartmentPreference = 20 => "ApartmentPreference",
        ReferralCompanyType = 21 => "ReferralCompanyType",
        WaitlistPriorityType = 22 => "WaitlistPriorityType",
        UnqualifiedReason = 23 => "UnqualifiedReason",
        TransactionTypes = 24 => "TransactionTypes",
        TransactionStatus = 25 => "TransactionStatus",
        StatementMethodType = 26 => "StatementMethodType",
        NotificationType = 27 => "NotificationType",
        LostLeadDestinationType = 28 => "LostLeadDestinationType",
        DecisonStatusType = 29 => "DecisonStatusType",
        CampaignIndividualStatus = 30 => "CampaignIndividualStatus",
        CampaignStatus = 31 => "CampaignStatus",
        CampaignType = 32 => "CampaignType",
        AmbulationType = 33 => "AmbulationType",
        BestMethodOfContact = 34 => "BestMethodOfContact",
        InquiryMethodType = 35 => "InquiryMethodType",
        Titles = 36 => "Titles",
        LostLeadType = 37 => "LostLeadType",
        ActivityResolution = 38 => "ActivityResolution",
        SaleStatus = 39 => "SaleStatus",
        CompanyType = 40 => "CompanyType",
        EyeColor = 41 => "EyeColor",
        HairColor = 42 => "HairColor",
        PreferredTime = 43 => "PreferredTime",
        MaritalStatus = 44 => "MaritalStatus",
        Ethnicity = 45 => "Ethnicity",
        Religion = 46 => "Religion",
        Occupation = 47 => "Occupation",
        YesNo = 48 => "YesNo",
        Language = 49 => "Language",
        Gender = 50 => "Gender",
        Organization = 51 => "Organization",
        State = 52 => "State",
        Country = 53 => "Country",
        CampaignResponse = 54 => "CampaignResponse",
        Individual = 55 => "Individual",
        Medical = 56 => "Medical",
        AgeCode = 58 => "AgeCode",
        FloorPreference = 59 => "FloorPreference",
        NetWorth = 60 => "NetWorth",
        HomeValue = 61 => "HomeValue",
        AnnualIncome = 62 => "AnnualIncome",
        FinanciallyQualified = 63 => "FinanciallyQualified",
        LeadCategory = 64 => "LeadCategory",
        Source = 65 => "Source",
        Location = 66 => "Location",
        ReferringSource = 67 => "ReferringSource",
        Tier = 68 => "Tier",
        CompanySub = 69 => "CompanySub",
        Campaign = 70 => "Campaign",
        Users = 71 => "Users",
        IndividualStatus = 72 => "IndividualStatus",
        Unit = 74 => "Unit",
        OrganizationCompanyType = 76 => "OrganizationCompanyType",
        UnitType = 77 => "UnitType",
        IndividualType = 1001 => "IndividualType",
        IndividualList = 1002 => "IndividualList",
        Ambulation = 1004 => "Ambulation",
        Status = 1008 => "Status",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_codes_round_trip_and_unknown_codes_are_kept() {
        assert_eq!(IndividualType::from_code(6), IndividualType::PreLead);
        assert_eq!(IndividualType::PreLead.code(), 6);
        let unknown: IndividualType = serde_json::from_str("5").unwrap();
        assert_eq!(unknown, IndividualType::Other(5));
        assert_eq!(unknown.to_string(), "Unknown (5)");
        assert_eq!(serde_json::to_string(&unknown).unwrap(), "5");
        assert_eq!(CampaignStatus::Rsvp.to_string(), "RSVP");
        assert_eq!(ActivityFilter::from_code(4), ActivityFilter::DueThisWeek);
    }

    #[test]
    fn read_list_and_catalogue_number_differently_above_forty() {
        assert_eq!(TypeList::USER.code(), 53);
        assert_eq!(TypeCatalogue::from_code(53), TypeCatalogue::Country);
        assert_eq!(TypeList::ACTIVITY_RESULT.code(), 38);
        assert_eq!(TypeList::CARE_GROUP.code(), 14);
        assert_eq!(TypeList::FLOOR_PLAN.code(), 11);
    }

    #[test]
    fn create_names_match_the_spec() {
        assert_eq!(
            IndividualType::ReferralSource.create_name(),
            Some("Referral")
        );
        assert_eq!(
            IndividualType::from_create_name("pre lead"),
            Some(IndividualType::PreLead)
        );
        assert_eq!(IndividualType::from_create_name("Lead"), None);
        assert_eq!(
            CampaignStatus::from_name("No Show"),
            Some(CampaignStatus::NoShow)
        );
    }
}
