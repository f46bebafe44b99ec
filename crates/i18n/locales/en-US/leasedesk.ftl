# LeaseDesk's words in US English. Each message here is in every other language's file with the
# same variables (a test says which are missing). Plurals by Fluent's selectors.

## The navigation and the palette

nav-search = Search
nav-calendar = Calendar
nav-inventory = Inventory
nav-move-in = Move-in
nav-campaigns = Campaigns
nav-admissions = Admissions
nav-sales = Sales
nav-users = Users
nav-plugin = Plugin endpoint
nav-outbox = Outbox
nav-settings = Settings
command-go-to = Go to { $place }
command-language = Language: { $language }
command-language-system = Language: as the system

## The top and status bars

top-connect = Connect to your portal…
top-signed-in = Signed in as { $name }
status-portal = Portal { $portal }
status-idle = Idle
status-in-flight = { $count ->
    [one] 1 request in flight
   *[other] { $count } requests in flight
}
status-new-leads = { $count ->
    [one] 1 new lead waiting for a first call
   *[other] { $count } new leads waiting for a first call
}
status-new-leads-short = { $count ->
    [one] 1 new lead waiting
   *[other] { $count } new leads waiting
}
status-new-leads-hint = { $count ->
    [one] 1 new lead waiting for a first call: open My day
   *[other] { $count } new leads waiting for a first call: open My day
}
outbox-waiting = Outbox: { $count } waiting

## Closing a dialog with something typed

close-lose-typed = Close and lose what you typed?
close-keep-editing = Keep editing
close-discard = Discard

## Settings: the language

settings-language = Language
settings-language-system = As the system ({ $language })
settings-language-hint = Every screen changes at once, without a restart. Screens not yet translated stay in English.
