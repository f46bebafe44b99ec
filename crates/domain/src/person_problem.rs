//! What a form for a person (a new individual, a new user) lacks before it is sent; the
//! window says it in its language.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PersonProblem {
    FirstNameRequired,
    LastNameRequired,
    /// As typed (trimmed).
    NotAnEmail(String),
    /// An address was begun without its street line or city.
    AddressIncomplete,
    NoCommunity,
    NoTimeZone,
}

impl PersonProblem {
    /// The field it is about, by the domain's name for it (forms place the words beside it).
    pub fn field(&self) -> &'static str {
        match self {
            PersonProblem::FirstNameRequired => "First name",
            PersonProblem::LastNameRequired => "Last name",
            PersonProblem::NotAnEmail(_) => "Email",
            PersonProblem::AddressIncomplete => "Address",
            PersonProblem::NoCommunity => "Communities",
            PersonProblem::NoTimeZone => "Time zone",
        }
    }
}
