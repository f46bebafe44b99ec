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
   *[other] { GROUPED($count) } new leads waiting for a first call
}
status-new-leads-short = { $count ->
    [one] 1 new lead waiting
   *[other] { GROUPED($count) } new leads waiting
}
status-new-leads-hint = { $count ->
    [one] 1 new lead waiting for a first call: open My day
   *[other] { GROUPED($count) } new leads waiting for a first call: open My day
}
outbox-waiting = Outbox: { $count } waiting
top-sandbox = Sandbox · demo data
top-training = TRAINING · a practice portal: no real families here, nothing counts in live figures
top-reminders = Reminders
top-reminders-unseen = Reminders ({ $count })
top-reminders-means = The number counts the reminders listed here that arrived since you last opened this list; a new lead you reached leaves it.
top-reminders-more = … and { $count } more (My day lists every new lead; the Calendar every item)
command-palette = Commands
command-work-offline = Work offline
command-go-online = Go online
status-dismiss = Dismiss
status-connected-sandbox = ✔ Connected to the embedded sandbox{ $address }
status-connected = ✔ Connected to { $profile }{ $address }
status-connecting = ○ Connecting to { $label }…
status-working-offline = ⚠ Working offline: changes wait in the Outbox
status-offline-since = ⚠ Offline since { $time }: the service cannot be reached
status-address = { $address }, portal { $portal }
status-trying = Trying to reach it…
status-retry = Retry now
status-retry-hint = Ask the service now; LeaseDesk also asks by itself every few seconds
status-go-online-hint = Read from the service again and send what waits in the Outbox
status-work-offline-hint = Stop using the network: screens show the offline copy and changes wait in the Outbox
status-copy-short = Offline copy { $today ->
    [yes] as of { $when }
   *[no] as of { $when }
}
status-copy = Offline copy { $today ->
    [yes] as of { $when }
   *[no] as of { $when }
}, { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
}
status-copy-on-disk = { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
}, kept encrypted on this computer; search works without the network
status-copy-this-run = { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
}, kept for this run only, under a key that is never written down: { $why }
status-sync-failed = ⚠ last sync failed
status-copy-restarted = ⚠ offline copy started again
outbox-waiting-refused = Outbox: { $count } waiting, { $refused } refused
outbox-hint = Changes made offline; open the Outbox

## Closing a dialog with something typed

close-lose-typed = Close and lose what you typed?
close-keep-editing = Keep editing
close-discard = Discard

## Settings: the language

settings-language = Language
settings-language-system = As the system ({ $language })
settings-language-hint = Every screen changes at once, without a restart. Screens not yet translated stay in English.

## The calendar and My day

cal-view-my-day = My day
cal-view-month = Month
cal-view-week = Week
cal-view-agenda = Agenda
cal-today-is = Today, { $day }
cal-times-in = Times in { $zone }
cal-today = Today
cal-previous = ◀ Previous
cal-next = Next ▶
cal-show = Show
cal-community = Community
cal-activity-type = Activity type
cal-assigned-to = Assigned to
cal-me = Me
cal-anyone = Anyone
cal-me-named = Me ({ $name })
cal-refresh = Refresh
cal-list-all = My activities
cal-list-overdue = My overdue
cal-list-due = My open, not overdue
cal-list-due-today = My open, due today
cal-list-due-week = My open, due this week
cal-list-history = My done or closed
cal-list-everyone = Everyone's activities
cal-list-other = Another list
myday-overdue = ⚠ Overdue ({ $count })
myday-nothing-overdue = Nothing overdue.
myday-overdue-not-listed = { $count } of them not listed: everyone's days list the first { $per_day } items of each day; choose a person or a community to see the rest.
myday-due-today = Due today ({ $count })
myday-nothing-else-due = Nothing else due today.
myday-upcoming-tours = Upcoming tours, next { $days } days ({ $count })
myday-no-tours = No tours booked.
myday-followed-up = Followed up here ({ $count })
myday-show-fewer = Show fewer
myday-show-all = Show all { $count }
myday-log-outcome = Log outcome…
myday-new-leads = New leads ({ $count })
myday-all-contacted = Every new lead of yours has been contacted.
myday-open-case = Open the case
myday-log-first-contact = Log first contact…
myday-lost = Lost…
myday-lost-hint = Close { $name } as lost, with a reason
myday-needs-next-step = Needs a next step ({ $count })
myday-all-scheduled = Every active lead of yours has something scheduled.
channel-draft-email = Email…
channel-draft-text = Text…
channel-draft-call = Call…
channel-draft-letter = Letter…
command-log-activity = Log activity…
command-import-calls = Import calls…
myday-by-colour = By colour
myday-most-at-stake = Most at stake
myday-first-reply-hint = A first reply to { $name } from the template, logged once it went
myday-missed-calls = Missed calls ({ $count })
myday-missed-calls-everyone = Missed calls, everyone's ({ $count })
myday-no-missed-calls = No missed call waits to be returned.
myday-reading-calls = Reading the calls…
myday-call-back = Call back…
myday-log-call-back = Log call back…
myday-plan-steps = Plan steps ({ $count })
myday-no-plan-steps = No follow-up plan step is due.
myday-reading-plans = Reading the plans…
cal-overdue-count = ⚠ { $count } overdue

## Search

search-cases = Search cases
search-cases-hint = Name, phone or email
search-rule = Finds a case when one of its people has every word you type, at the start of a word of their name, phone or email (a relative's name and the resident's do not combine); the case number finds it too.
search-first-name = First name
search-last-name = Last name
search-type = Type
search-any-type = Any type
search-saved-list = Saved list
search-list-id = List id
search-stage = Stage
search-stage-hint = The furthest sales stage each case reached (filters the cases shown)
search-follow-up = Follow-up
search-stopped = Asked not to be contacted
search-stopped-hint = Only the cases where someone asked not to be called, texted, emailed or written to (logged on the case; the Contact column says which)
search-duplicates = Possible duplicates
search-duplicates-hint = Cases across the portal that may be one person: same email, phone or name
search-shown-of = { GROUPED($shown) } of { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
} shown
search-showing = Showing { $served } of { $total } cases
search-cases-count = { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
}
search-load-more = Load more
search-show-all = Show all
search-show-all-hint = Clear the Stage, Follow-up and contact filters
col-name = Name
col-type = Type
col-status = Status
col-assigned-to = Assigned to
col-communities = Communities
col-phone = Phone
col-created = Created
col-source = Source
col-stage = Stage
col-follow-up = Follow-up
col-contact = Contact
search-not-shown = Not shown at this width: { $columns }. Widen the window, or open a case to see them.

## Commands on buttons and in the palette
command-new-individual = New individual…
command-add-contact = Add a contact…
command-log-call = Log a call…
command-log-outcome = Log outcome…
command-close-lost = Close as lost…
command-schedule-tour = Schedule a tour…
command-export-cases = Export cases to CSV…
command-export-weekly = Export the weekly report (PDF)…
command-start-move-in = Start move-in…
command-admission-checklist = Admission checklist…

## The domain's names: sales stages and Search's filters
stage-inquiry = Inquiry
stage-tour = Tour
stage-deposit = Deposit
stage-move-in = Move-in
stage-any = Any stage
stage-none = No stage yet
follow-up-any = Any follow-up
follow-up-red = Red: no contact in time
follow-up-amber = Amber: contact due soon
follow-up-green = Green: booked or recent

## Admissions
admissions-coming-up = Move-ins coming up
admissions-community = Community
admissions-all-communities = All communities
admissions-days-ahead = Days ahead
admissions-refresh = Refresh
admissions-none = No move-ins in the next { $ahead } days or the last { $recent } days.
admissions-checklist = Admission checklist
admissions-open-any = Or open any case's checklist by its number:
admissions-back = Back to move-ins coming up
admissions-case-number = Case number
admissions-show-checklist = Show checklist
admissions-queue = Admissions queue
admissions-col-move-in = Move-in
admissions-col-name = Name
admissions-col-community = Community
admissions-col-unit = Unit
admissions-col-checklist = Checklist
admissions-not-ready = Not ready
admissions-paperwork-open = Paperwork still open
admissions-open-checklist = Open the checklist
admissions-moved-in = { $day } (moved in)
admissions-reading = Reading…
admissions-not-known = Not known: the service could not be read

## The Outbox pane
outbox-about = Changes made while the service could not be reached. They are sent by themselves, in the order they were made, as soon as it answers again.
outbox-on-disk = Kept encrypted on this computer: they survive closing LeaseDesk.
outbox-this-run = This connection keeps no offline copy, so they are kept until LeaseDesk is closed.
outbox-not-connected = Not connected yet.
outbox-empty = Nothing is waiting to be sent.
outbox-changes = { $count ->
    [one] 1 change
   *[other] { GROUPED($count) } changes
}
outbox-to-send = waiting to be sent
outbox-send-now = Send now
outbox-send-now-offline = You chose Work offline: choose Go online in the status bar to send
outbox-send-now-nothing = Nothing is waiting
outbox-saved = saved { $when }
outbox-state-waiting = Waiting to be sent
outbox-state-sending = Sent; checking with the service whether it arrived
outbox-refused = The service refused it: { $message }
outbox-send-again = Send again as it is
outbox-discard = Discard
outbox-unopened = { $count ->
    [one] 1 change saved here cannot be opened with this computer's key
   *[other] { GROUPED($count) } changes saved here cannot be opened with this computer's key
}
outbox-unopened-about = The key in the system keyring is missing or was replaced, so they cannot be read or sent. They are kept as they are. If the old key can be restored in the keyring, restart LeaseDesk and they will be sent. Otherwise export them (still encrypted) for your administrator, or discard them.
outbox-export-sealed = Export them sealed…
outbox-discard-them = Discard them…
outbox-discard-warning = { $count ->
    [one] Discarding deletes 1 change for good; the service never got it.
   *[other] Discarding deletes { GROUPED($count) } changes for good; the service never got them.
}
outbox-discard-count = { $count ->
    [one] Discard 1 change
   *[other] Discard { GROUPED($count) } changes
}
outbox-keep-them = Keep them
admissions-progress = { $met } of { $total } met

## Campaigns
campaigns-choose = Choose a campaign on the left to see its RSVP board.
campaigns-active = Active
campaigns-inactive = Inactive
campaigns-inactive-short = inactive
campaigns-reload = Reload
campaigns-saving = { $count ->
    [one] Saving 1 move…
   *[other] Saving { GROUPED($count) } moves…
}
campaigns-find = Find a campaign
campaigns-go = Go
campaigns-none = No campaign matches.
campaigns-community = Community
campaigns-all-communities = All communities
campaigns-export = Export list CSV…
campaigns-add-people = Add people to this campaign
campaigns-find-people = Find people
campaigns-starting-status = Starting status
campaigns-added-offline = Added offline: waiting to be sent (see Outbox)
campaigns-already-in = { $name } is already in the campaign
campaigns-move-to-menu = Move to…
campaigns-move-to = Move to { $status }
campaigns-card-hint = Open to move this person to another column; drag to move
campaigns-moved-offline = Moved offline: waiting to be sent
campaigns-drag-hint = Drag to another column
campaigns-no-answer = No answer came back; reload the board to see whether the move was saved.

## Plugin endpoint
plugin-about = The address the service sends events to. It must be served over https with a valid certificate.
plugin-applies-to = Applies to
plugin-whole-portal = The whole portal
plugin-address = Endpoint address
plugin-save = Save endpoint

## Users
users-find = Find users
users-find-hint = Id, email or name
users-find-button = Find
users-no-id = The service did not return an id for this user
users-batch-refused = Not created: another user in the batch was refused
users-create = Create users
users-user = User { $number }
users-remove = Remove user { $number }
users-first-name = First name
users-last-name = Last name
users-email = Email
users-time-zone = Time zone
users-choose = Choose…
users-communities = Communities
users-activation = Send an activation email
users-created = Created user { $id }
users-add-another = Add another user
users-create-count = { $count ->
    [one] Create 1 user
   *[other] Create { GROUPED($count) } users
}
users-clear-created = Clear created users
users-col-id = Id
users-col-name = Name
users-col-last-login = Last login
users-col-email = Email
users-never = Never
