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
   *[other] { GROUPED($count) } requests in flight
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
outbox-waiting = Outbox: { GROUPED($count) } waiting
top-sandbox = Sandbox · demo data
top-training = TRAINING · a practice portal: no real families here, nothing counts in live figures
top-reminders = Reminders
top-reminders-unseen = Reminders ({ GROUPED($count) })
top-reminders-means = The number counts the reminders listed here that arrived since you last opened this list; a new lead you reached leaves it.
top-reminders-more = … and { GROUPED($count) } more (My day lists every new lead; the Calendar every item)
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
outbox-waiting-refused = { $count ->
    [0] Outbox: { GROUPED($refused) } refused
   *[other] Outbox: { GROUPED($count) } waiting, { GROUPED($refused) } refused
  }
outbox-short = Outbox ({ GROUPED($count) })
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
cal-refresh-hint = Read the days again, and bring the offline copy up to date (new leads, a colleague's work)
cal-list-all = My activities
cal-list-overdue = My overdue
cal-list-due = My open, not overdue
cal-list-due-today = My open, due today
cal-list-due-week = My open, due this week
cal-list-history = My done or closed
cal-list-everyone = Everyone's activities
cal-list-other = Another list
myday-overdue = ⚠ Overdue ({ GROUPED($count) })
myday-nothing-overdue = Nothing overdue.
myday-overdue-not-listed = { GROUPED($count) } of them not listed: everyone's days list the first { $per_day } items of each day; choose a person or a community to see the rest.
myday-due-today = Due today ({ GROUPED($count) })
myday-nothing-else-due = Nothing else due today.
myday-upcoming-tours = Upcoming tours, next { $days } days ({ GROUPED($count) })
myday-no-tours = No tours booked.
myday-followed-up = Followed up here ({ GROUPED($count) })
myday-show-fewer = Show fewer
myday-show-all = Show all { GROUPED($count) }
myday-log-outcome = Log outcome…
myday-new-leads = New leads ({ GROUPED($count) })
myday-all-contacted = Every new lead of yours has been contacted.
myday-open-case = Open the case
myday-log-first-contact = Log first contact…
myday-lost = Lost…
myday-lost-hint = Close { $name } as lost, with a reason
myday-needs-next-step = Needs a next step ({ GROUPED($count) })
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
myday-missed-calls = Missed calls ({ GROUPED($count) })
myday-missed-calls-everyone = Missed calls, everyone's ({ GROUPED($count) })
myday-no-missed-calls = No missed call waits to be returned.
myday-reading-calls = Reading the calls…
myday-call-back = Call back…
myday-log-call-back = Log call back…
myday-plan-steps = Plan steps ({ GROUPED($count) })
myday-no-plan-steps = No follow-up plan step is due.
myday-reading-plans = Reading the plans…
cal-overdue-count = ⚠ { GROUPED($count) } overdue

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
search-showing = Showing { GROUPED($served) } of { GROUPED($total) } cases
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
outbox-cannot-tell = No answer came back, and without an email or phone number it cannot be told whether { $name } was created. Search for them: if they are there, discard this; if not, send it again
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
admissions-progress = { GROUPED($met) } of { GROUPED($total) } met

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

## Settings
settings-appearance = Appearance
settings-theme = Theme
theme-system = Follow the system
theme-dark = Dark
theme-light = Light
theme-high-contrast = High contrast
settings-zoom = Zoom { $percent }%
settings-drawing-with = Drawing with
settings-renderer-hint = If the window flickers or stays blank, start LeaseDesk with --renderer { $alt } (or set LEASEDESK_RENDERER={ $alt })
settings-updates = Updates
settings-update-feed = Update feed
settings-update-feed-it-windows = (set by your IT for this computer, by policy)
settings-update-feed-it-unix = (set by your IT for this computer in /etc/leasedesk/update-feed)
settings-update-feed-hint = https://… (from your IT; empty: no updates)
settings-check-updates = Check for updates
settings-check-updates-disabled = Enter the update feed's address first
settings-updates-signed = An update is checked against LeaseDesk's own signature before it is kept, and installed the next time LeaseDesk starts.
settings-files = Files
settings-no-home = no home folder was found
settings-files-data = Data (demo portal, local notes)
settings-files-logs = Logs (no secrets, no personal data)
settings-files-prefs = Preferences
settings-files-keyring = Keys, passwords and tokens are kept in the system keyring, never in these folders.
settings-offline = Offline copy
settings-offline-about = LeaseDesk keeps a copy of this portal's cases (names, phone numbers, email addresses and case numbers of prospects, residents and their families) so search answers at once and still works when the network drops. On this computer it is encrypted with a key kept in the system keyring, in a file only your user account can read. The sandbox keeps one; a live portal keeps one only when its profile says so (below, when editing it).
settings-offline-on-disk = This connection: { $count ->
    [one] { GROUPED($count) } case
   *[other] { GROUPED($count) } cases
  }, as of { $when }{ $today ->
    [yes] {""}
   *[no] {""}
  }, encrypted on this computer.
settings-offline-not-synced = This connection: encrypted on this computer, not synced yet.
settings-offline-this-run = This connection: { $count ->
    [one] { GROUPED($count) } case
   *[other] { GROUPED($count) } cases
  } kept for this run only ({ $why }).
settings-offline-folder = Folder: { $path }
settings-offline-sync-failed = ⚠ The last sync failed: { $problem }
settings-sync-every = Sync every
settings-minutes = { $minutes } minutes
settings-sync-now = Sync now
settings-remove-copy = Remove offline copy
settings-remove-copy-hint = Deletes the file and its key; this run keeps working from the service
settings-unsent-changes = { $count ->
    [one] { GROUPED($count) } saved change
   *[other] { GROUPED($count) } saved changes
  }
settings-unopened = { GROUPED($changes) } ({ GROUPED($unopened) } of them cannot be opened with this computer's key)
settings-remove-warning = ⚠ { GROUPED($changes) } not sent yet. Removing the offline copy discards them for good: the service never got them. Send them first (Outbox) unless you are sure.
settings-discard-and-remove = Discard { GROUPED($changes) } and remove the copy
settings-keep-copy = Keep the copy
settings-reminders = Reminders
settings-reminders-on = Remind me of my tours and appointments, and of items turning overdue
settings-minutes-before = Minutes before a tour or appointment
settings-min-suffix = { " " }min
settings-quiet-hours = Quiet hours
settings-quiet-from = from
settings-quiet-until = until
settings-reminders-where = Reminders appear under the bell in the top bar, and as desktop notifications where the system offers them.
settings-connections = Connections
settings-signed-in-as = Signed in as { $name } (user { $id }): "Me" in the filters, and whose items get reminders.
settings-signed-in-unknown = Who is signed in is known once the service answers.
settings-sandbox = Embedded sandbox with demo data: works without credentials.
settings-in-use = In use
settings-use-sandbox = Use the sandbox
settings-second-sandbox = Its second demo portal, Harbor Light (other communities and figures: a region of two in Sales, Region).
settings-use-second-sandbox = Use the second demo portal
settings-profile-where = { $url } · portal { $portal }
settings-use-profile = Use { $name }
settings-edit-profile = Edit { $name }
settings-sign-out = Sign out
settings-remove-profile = Remove { $name }
settings-editing = Edit “{ $name }”
settings-connect-portal = Connect to your portal
settings-profile-name = Profile name
settings-base-url = Base URL
settings-portal-id = PortalId
settings-subscription-key = Subscription key
settings-user-name = User name (optional)
settings-password = Password (optional)
settings-keep-offline = Keep an encrypted offline copy of this portal on this computer
settings-keep-offline-no-keyring = This computer has no system keyring to hold the copy's key, so a live portal cannot keep an offline copy
settings-secrets-in-keyring = The subscription key and password are kept in the system keyring, never in a file.
settings-secrets-session = No system keyring can be used: { $why }. The subscription key and password are kept for this session only and must be entered again next time.
settings-test-connection = Test connection
settings-save = Save
settings-save-connect = Save and connect
settings-new-profile = New profile
settings-the-test = the connection test
settings-connected = { $count ->
    [one] Connected: portal { $portal } has 1 community
   *[other] Connected: portal { $portal } has { GROUPED($count) } communities
}
settings-confirm-remove = Remove the profile “{ $name }”?
settings-confirm-sign-out = Sign out of “{ $name }”?
settings-confirm-what-goes = Its subscription key and password leave the keyring, and its offline copy, outbox and reminders are deleted from this computer.
settings-switches-to-sandbox = LeaseDesk switches to the embedded sandbox.
settings-waiting-lost = ⚠ { $count ->
    [one] { GROUPED($count) } change
   *[other] { GROUPED($count) } changes
  } waiting in the Outbox will be lost: send them first if you can.
settings-remove-and-data = Remove profile and its data
settings-sign-out-and-data = Sign out and delete its data
settings-cancel = Cancel
settings-name-taken = A profile named "{ $name }" exists: names that differ only in case, spaces or punctuation are the same name here. Choose another name
settings-name-needed = Give the profile a name with a letter or a digit in it
settings-url-credentials = The base URL must not hold a user name or password (user:pass@): use the fields below
settings-url-https = The base URL must start with https:// (plain http only to this computer)
settings-portal-number = PortalId must be a number
settings-key-needed = Enter the subscription key from your API profile
settings-training-key-live = This is a training key: it opens a class's training server, never the live service. Give the class's address, or the key for the live service
settings-secrets-not-stored = The secrets could not be stored: { $problem }
settings-saved = Saved { $name }
settings-refused = The subscription key (or user name and password) was refused: { $message }
settings-forbidden = The key is valid but may not use this PortalId: { $message }
settings-not-v3 = The base URL answered, but not as the v3 API: check the address
settings-tls-failed = Secure connection failed ({ $detail }): check that the base URL is right
settings-connect-failed = Could not reach the server ({ $detail }): check the base URL and your network
settings-timeout = The server did not answer in time: check your network and try again
command-open-case = Open { $name }
command-search-cases = Search cases
command-search-for = Search for { $text }
command-new-individual-calling = New individual with the phone { $number }…
command-save-templates = Save the outreach templates
command-keep-call-columns = Keep the call export's columns
command-set-targets = Set your targets beside the industry's
command-theme-system = Theme: follow the system
command-theme-dark = Theme: dark
command-theme-light = Theme: light
command-theme-high-contrast = Theme: high contrast
command-reminders-on = Turn reminders on
command-reminders-off = Turn reminders off
command-set-lead-rules = Set the response target and office hours
command-sync-every = Sync the offline copy every { $minutes } minutes
command-zoom-in = Zoom in
command-zoom-out = Zoom out
command-zoom-reset = Reset zoom
command-connect-sandbox = Connect to the embedded sandbox (demo data)
command-sales-benchmarks = Sales: our figures beside the industry's
command-sales-view = Sales: { $view }
command-connect-second-sandbox = Connect to the sandbox's second demo portal (Harbor Light)
command-connect-profile = Connect to { $name }
command-save-profile = Save { $name }
command-remove-profile = Remove { $name }
command-sign-out-of = Sign out of { $name }
command-help = Help: the user guide
command-check-updates = Check for updates
command-set-update-feed = Set the update feed
command-edit-send-again = Edit and send again
command-choose-another-unit = Choose another unit
command-correct-move-in = Correct the move-in
sales-view-funnel = Funnel
sales-view-forecast = Census forecast
sales-view-team-board = Team board
sales-view-lost-leads = Lost leads
sales-view-sources = Referral sources
sales-view-calls = Calls
sales-view-benchmarks = Beside the industry
sales-view-partners = Partner packs
sales-view-region = Region
lead-rules = Speed to lead and follow-ups
lead-rules-call-within = Call a new lead within
lead-rules-call-within-hint = Of office hours. The clock turns amber at half of it and red at it.
lead-rules-office-hours = Office hours
lead-rules-amber-after = With nothing booked, a lead turns amber after
lead-rules-red-after = and red after
lead-rules-hours-suffix = { " " }h
lead-rules-about = Hours are counted in the portal's time zone. A lead nobody has reached out to yet is coloured by its wait against the response target; once contacted, green while something is booked ahead or the last contact is recent. The case, My day, Search, the bell and the team board all tell it this way.
lead-rules-to = to
lead-rules-closes-first = Closes before it opens: no hours count.
lead-rules-no-day = No day open: no hours count.
lead-rules-community = Community { $id }
lead-rules-use-portal-hours = Use the portal's hours
lead-rules-use-portal-hours-hint = Remove this community's own hours
lead-rules-other-hours = A community keeps other hours
lead-rules-choose-community = Choose a community
lead-rules-other-hours-hint = It starts from the portal's hours; change its days and times here
lead-rules-paid = Paid referral sources
lead-rules-paid-about = Named as the portal's market source is (case does not matter). A new inquiry through one of them is checked against earlier contacts; the Referral sources tab of Sales counts what their move-ins owe.
lead-rules-paid-source = Paid source { $number }
lead-rules-market-source = Market source
lead-rules-market-source-hint = The market source's name, as the portal lists it
lead-rules-of-first-month = of the first month
lead-rules-a-move-in = a move-in
lead-rules-remove = Remove
lead-rules-add-paid = Add a paid source
score = Move-in score
score-about = Each active lead's likelihood of moving in within 90 days, fitted on this portal's own past (see the guide). Below, the check: a score fitted without the last six months, tried on them. Leads are split into tenths by what it predicted; beside each, how many did move in.
score-failed = ⚠ No score: { $error }
score-not-kept = The score is worked out from this desk's offline copy, which is still filling (the first sync); it shows once the sync is done
score-too-little-history = Too little history to score leads: { GROUPED($leads) } past leads, { GROUPED($move_ins) } of whom moved in within 90 days (at least { $min_leads } and { $min_move_ins } are needed)
score-working = Working out the score…
score-fitted = { GROUPED($scored) } active leads scored. Fitted on the portal's past: { GROUPED($fitted) } leads as they stood on days two weeks apart, { $rate } of whom moved in within the next 90 days.
score-no-check = No check yet: the past before the last six months is too short to fit on.
score-check = The check: leads as they stood from { $from } to { $to }, scored by a fit on the { GROUPED($fitted) } before them; { $rate } of them moved in within the next 90 days.
score-lift = The top tenth moved in { $lift } times as often as the average lead.
score-col-tenth = Tenth
score-col-leads = Leads
score-col-predicted = Predicted
score-col-moved-in = Moved in
targets = Targets beside the industry's
targets-about = Sales sets the portal's figures beside these. Tick a measure to use your own target in place of the published figure.
targets-published = published { $value } ({ $source }, { $date })
targets-yours = Your target for { $measure }
calling-hours = Calling hours
calling-hours-tip = Calls and texts to a family are held outside these hours by their own clock. The law allows 8:00 am to 9:00 pm (some states less); you may narrow it for your communities, never widen it.
calling-start-at = Calls and texts start at
calling-end-by = and end by
calling-set-hours = Set the hours
calling-use-law = Use the law's hours
calling-use-law-hint = 8:00 am to 9:00 pm, and each state's own where stricter
calling-communities = Each community's state and hours
calling-community-tip = The service does not say which state a community is in. Said here, a family with no address on file (or several) is held by that state's rules at the community's clock instead of every state's strictest, and the community's calls keep to its own hours (narrower than the desk's, never wider than the law's).
calling-col-community = Community
calling-col-state = State
calling-col-hours = Hours
calling-col-days = Days
calling-col-source = Source
calling-state-not-said = not said
calling-desks-hours = the desk's
calling-forget = Forget
calling-forget-hint = { $name } keeps the desk's rules again
calling-communities-unread = The portal's communities are not read yet.
calling-for-community = For the community
calling-its-start = Its calls start at
calling-its-end = its calls end by
calling-set-community = Set for this community
calling-set-community-hint = Empty hours keep the desk's; an empty state keeps every state's strictest for people with no address
calling-not-set = ⚠ Not set: { $error }. Your typing is kept.
calling-states = States with stricter rules
calling-states-edited = as edited on this desk
calling-states-shipped = as LeaseDesk ships them
calling-edit-table = Edit the table…
calling-no-sundays = no Sundays
calling-no-holidays = no holidays
calling-cap = at most { GROUPED($cap) } in 24 h
calling-source-checked = { $source } (checked { GROUPED($checked) })
calling-table-format = One row per state: state,opens,closes,no_sundays,no_holidays,cap_24h,source,checked,sat_opens,sat_closes (the last two for narrower Saturday hours, or empty). A row may only be stricter than the law's, and names its source.
calling-table = The states' table:
calling-apply-table = Apply the table
calling-restore-table = Restore LeaseDesk's table
calling-restore-table-hint = The table this release ships, with its sources
calling-not-applied = ⚠ Not applied: { $error }. Nothing changed; your text is kept.
outreach-written-in = Written in
outreach-language-theirs = their language, as recorded on the case
outreach-keep-language = Record as their language
outreach-keep-language-hint = Logs it on the case, so every desk writes to them in it (the service keeps no language of a person's)
outreach-language-not-kept = ⚠ Not recorded: { $error }. The message is still written in it; try again.
purpose-first-reply = First reply
purpose-after-tour = After a tour
purpose-no-answer = No answer
purpose-checklist = Checklist reminder
purpose-referral-partner = Referral partner
purpose-partner-pack = Partner pack
channel-email = Email
channel-text = Text
channel-call = Call
channel-letter = Letter
templates = Outreach templates
templates-about = What Email…, Text…, Call… and Letter… start from on a case. A community's own template comes before the one for every community; a family is written to in their language, recorded on the case, and in English where a template is not written in it.
templates-every-community = Every community
templates-purpose = Purpose
templates-channel = Channel
templates-language = Language
templates-for-every = Used by every community without its own.
templates-own = { $community }'s own template.
templates-uses-shared = { $community } uses the template for every community; a change here makes its own.
templates-use-shared-again = Use the one for every community again
templates-subject = Subject
templates-text = Text
templates-not-fields = ⚠ Not merge fields: { $fields }
templates-merge-fields = Merge fields
templates-gap = A field the case lacks shows as [field?] in English, [¿campo?] in Spanish.
templates-preview-on = Preview on case
templates-case-number = case number
templates-preview = Preview…
templates-preview-hint = Opens the message on that case; nothing goes unless you send it
templates-case = case { $number }
call-reached = Reached
call-voicemail = Voicemail
call-no-answer = No answer
outreach-the-case = the case
outreach-nothing-sent = The service cannot send messages, nor change or delete an activity: LeaseDesk hands the message to your own app and logs one activity on the case when you say it went.
outreach-reading-case = Reading the case…
outreach-to = To
outreach-email = Email address
outreach-phone = Phone number
outreach-not-on-case = not on the case: type it
outreach-typed-here = Not on the case: kept on this desk only (the service cannot add it to the person)
outreach-script = Script and notes (the notes go on the logged call)
outreach-message = Message
outreach-gaps = ⚠ Not on this case: { $fields } — write it in or take it out before it goes
outreach-unknown-fields = ⚠ The template names fields that do not exist: { $fields }
outreach-text-kept = Your text is kept.
outreach-start-again = Start again from the template
outreach-logged = ✔ Logged on the case as { $kind } (activity { $id })
outreach-logged-result = ✔ Logged on the case as { $kind }, result: { $result } (activity { $id })
outreach-logged-offline = ✔ Logged offline: it is sent by itself when the service can be reached (see Outbox)
outreach-not-logged = ⚠ Not logged: { $error }. Nothing typed was lost; try again.
outreach-open-mail = Open in mail app
outreach-open-messaging = Open in messaging app
outreach-handed = Handed to your app: send it there, then press Sent.
outreach-copy = Copy
outreach-copied = Copied: paste it where it goes, then press Sent.
outreach-copied-but = Copied, but { $problem }: Sent needs where it went
outreach-sent = Sent
outreach-sent-hint = Logs one { $kind } on the case, with the message as its note
outreach-call = Call
outreach-call-hint = Hands the number to your phone app
outreach-dialling = Dialling in your phone app: say how it went below.
outreach-copy-number = Copy number
outreach-copy-number-hint = To dial it on a desk phone
outreach-number-copied = Number copied: dial it, then say how it went.
outreach-called = Called:
outreach-call-outcome-hint = Logs one Call Out on the case with the result { $outcome }
outreach-save-letter = Save letter PDF…
outreach-letter-sent-hint = Logs one Mail Out on the case, with the letter as its note
outreach-done = Done
outreach-close = Close
outreach-correction-logged = ✔ Correction logged: the lead's clock no longer counts it
outreach-by-mistake = Logged by mistake…
outreach-by-mistake-later = Once it is sent from the Outbox, a correction can be logged
outreach-correction-ask = Log a note on the case that it did not go?
outreach-log-correction = Log the correction
outreach-log-correction-hint = The service cannot delete an activity: the note says this one did not happen, and every clock and count leaves it out
outreach-keep-it = Keep it
outreach-correction-failed = ⚠ Not logged: { $error }
outreach-no-record-type = This portal has no Update or Other activity type to record it with
outreach-no-type = This portal has no { $kind } activity type to log it with
outreach-case-not-read = The case is not read yet
outreach-why-gaps = Fill in or take out the fields the case lacks first
outreach-why-recipient = { $problem }: type where it goes first
outreach-why-not-handed = Open it in your app or copy it first (again, after a change): Sent logs that it went
guard-choose-whom = Choose whom it goes to.
guard-unread = The case's activities could not be read, so the family's wishes are not known: try again when the case is read.
guard-checking = Checking the family's wishes and their clock…
guard-held-until = ⛔ Held: { $reason } Allowed from { $when } (your time).
guard-held = ⛔ Held: { $reason }
guard-asked-to-stop = Asked to stop…
guard-asked-to-stop-hint = The family asked not to be contacted: logs it on the case, so no desk offers this again
guard-stop = Stop:
guard-all-contact = all contact
guard-how = How they said it:
guard-log-opt-out = Log the opt-out
guard-not-logged = ⚠ Not logged: { $error }. Try again; nothing was sent.
guard-stop-calls = calls
guard-stop-texts = texts
guard-stop-emails = emails
guard-stop-letters = letters
field-person = the prospect's full name
field-person-first = the prospect's first name
field-contact = the person written to (the prospect or a family contact)
field-contact-first = their first name
field-community = the community
field-agent = you, the agent writing
field-tour-day = the day of the coming (or last) tour
field-tour-time = its time
field-unit = the unit on the case's contract
field-rate = its monthly rate
field-checklist-needs = what the move-in checklist still needs
likelihood-under-tenth = under 0.1%
update-not-checked = Updates not checked yet.
update-no-feed = No update feed is set: enter the address your IT gave you in Settings (Updates), or IT sets one for the computer.
update-checking = Checking for updates…
update-latest = LeaseDesk { $version } is the latest version.
update-downloading = Downloading LeaseDesk { $version }: { $percent }%…
update-ready = LeaseDesk { $version } is downloaded and checked; it is installed the next time LeaseDesk starts.
update-available = LeaseDesk { $version } is available: install it with your package manager (e.g. sudo apt install ./{ $file }), or ask IT.
update-not-checked-because = Updates are not checked: { $why }.
update-refused = Update refused: { $why }.
update-failed = The update feed could not be reached ({ $reason }); LeaseDesk tries again tomorrow, or use Check for updates.
outreach-language-none = no language recorded on the case
case-close = ✖ Close case
case-number = Case { $number }
case-typed-here = Typed on this desk
case-someone = Someone of the case
case-typed-in-message = { $name }: { $reach } (typed in a message on { $day })
case-typed-note = The service cannot add an address or number to a person: only this desk keeps these, and offers them in the next message.
case-reach-out = Reach out:
case-refresh = Refresh
case-people = People
case-email = Email: { $email }
case-home = Home
case-mobile = Mobile
case-work = Work
case-source = Source: { $source }
case-assigned = Assigned to: { $user }
case-communities = Communities: { $names }
case-created = Created { $day }
case-no-email = Email: not available in this view
case-no-email-hint = The service's search returns the email of a case's related people, not of its primary person, and has no other read of it.
case-the-addresses = addresses
case-activities = Activities
case-the-activities = activities
case-no-activities = No activities yet.
case-voided = ✖ Logged by mistake
case-followed-up = ↪ Followed up
case-overdue = ⚠ Overdue
case-done = ✔ Done
case-cancelled = ✖ Cancelled
case-open = ○ Open
case-all-day = { $day }, all day
case-activity = Activity
case-log-outcome = Log outcome…
case-show-all = Show all { GROUPED($count) } activities
case-contracts = Housing contracts
case-the-contracts = contracts
case-no-contracts = No housing contracts.
case-contract-active = Active
case-contract-ended = Ended
case-contract-where = { $community } · unit { $unit } · { $care }
case-contract-from = { $name } · from { $from }
case-contract-from-to = { $name } · from { $from } to { $to }
case-transactions = Transactions
case-the-transactions = transactions
case-no-transactions = No transactions.
case-followed-up-tip = The service cannot change an activity once it is made, so it still lists this one as open. LeaseDesk logged its outcome and next step as new activities and remembers, on this computer, that this one is dealt with.
case-part-outcome = outcome
case-part-next = next
case-part-saved = { $what }: saved
remote-as-of = as of { $when }{ $today ->
    [yes] {""}
   *[no] {""}
  }
remote-definite = the { $thing }
remote-working-offline = ⚠ Working offline.
remote-offline = ⚠ Offline: the service cannot be reached.
remote-copy-of = Showing the offline copy of { $what }, { GROUPED($kept) }.
remote-copy-of-unkept = Showing the offline copy of { $what }.
remote-go-online = Go online (status bar) to read the service again.
remote-saving = Saving { $what }…
remote-refreshing-copy = Refreshing { $what }… (showing the offline copy, { GROUPED($kept) })
remote-refreshing = Refreshing { $what }…
remote-loading = Loading { $what }…
remote-loaded-before = Showing { $what } loaded before.
remote-retry-in = Trying again by itself in { $seconds } s; your work on this screen is kept.
remote-retry = Retry
remote-trying = Trying…
remote-trying-hint = Asking the service whether it can be reached
noun-users = users
noun-communities = communities
noun-new-users = the new users
noun-endpoint = the endpoint
noun-members = members
noun-campaigns = campaigns
noun-new-members = the new members
noun-checklist = the checklist
noun-lists = lists
noun-the-activity = the activity
choice-none = None
log-title = Log activity
log-nothing-lost = Nothing was lost: correct the form and save again.
log-saved = ✔ Activity saved (id { $id })
log-saved-offline = ✔ Saved offline: it is sent by itself when the service can be reached (see Outbox)
log-saving = Saving…
log-save = Save activity
log-type = Activity type
log-for = For
log-case-of = (case { $number })
log-change = Change
log-find = Find individual
log-find-hint = Name, phone or email
log-person-of-case = { $name } (case { $number })
log-date = Date
log-all-day = All day
log-start = Start time
log-end = End time
log-optional = optional
log-completed = Already completed
log-completed-at = Completed at
log-completed-at-hint = e.g. Nov 21, 2026 2:30 pm; empty: at its end
log-status = Status
log-result = Result
log-campaign = Campaign
log-assigned = Assigned to
log-description = Description
log-notes = Notes
log-reinquiry = Re-inquiry
log-times-in = Times are in { $zone }
date-hint = e.g. Dec 1
date-pick = Pick a date for { $label }
date-means = means { $day }
date-not-a-day = not a day
date-previous-month = Previous month
date-next-month = Next month
date-busy = { $time } · busy
time-choose = Choose the { $label } from a list
time-from-list = { $label }, from a list
unreadable = ⚠ { $count ->
    [one] { GROUPED($count) } record
   *[other] { GROUPED($count) } records
  } could not be read
unreadable-hint = The service sent records LeaseDesk could not read; they are left out here. The log names each one and why
lost-no-status-update = The service cannot change a person's status: LeaseDesk records the loss as a completed activity on the case. The person stays a prospect on the service; LeaseDesk leaves them out of My day and the counts, and a new inquiry reopens them.
lost-the-reasons = the lost reasons
lost-reason = Reason
lost-went-to = Went to
lost-not-known = Not known
lost-which-community = Which community
lost-which-hint = its name, if they said
lost-the-lead = the lost lead
lost-nothing-lost = Nothing was lost: choose again and save.
lost-closed = ✔ { $name } closed as lost: recorded on the case
lost-close = Close as lost
lost-choose-reason = Choose a reason
lost-title = Close { $name } as lost
tour-scheduled = ✔ Tour scheduled: it is in the calendar
tour-saved-offline = ✔ Tour saved offline: it is sent by itself when the service can be reached (see Outbox)
tour-the-tour = the tour
tour-schedule = Schedule tour
tour-day = Day
tour-time = Time
tour-length = Length
tour-given-by = Given by
tour-note = Note
tour-their-day-of = { $name }'s day · { $day }
tour-their-day = Their day · { $day }
tour-team-activities = the team's activities ({ GROUPED($count) } so far)
tour-overlaps = ⚠ The tour overlaps { GROUPED($count) } of their activities; you can still schedule it:
tour-nothing-else = Nothing else that day.
tour-no-type = This portal has no Tour activity type
tour-title = Schedule a tour · { $name }
date-all-day = { $day } (all day)
outcome-following-up = Following up { $what } due { $due }
outcome-save-both = Save outcome and next step
outcome-save = Save outcome
outcome-all-day = all day
outcome-the-assignee = the assignee
outcome-clashes = ⚠ The next step is within half an hour of { GROUPED($count) } of { $who }'s activities (you can still save it): { GROUPED($items) }
outcome-what-happened = What happened
outcome-type = Outcome type
outcome-completed-on = Completed on
outcome-at = At
outcome-what-said = What was said
outcome-schedule-next = Schedule a next step
outcome-next-step = Next step
outcome-on = On
outcome-persons-own = The person's own
outcome-next-notes = Notes for the next step
outcome-the-outcome = the outcome
outcome-next-offline = ✔ The outcome is saved; the next step is saved offline: it is sent by itself when the service can be reached (see Outbox)
outcome-next-not-yet = ✔ The outcome is saved; the next step is not yet.
outcome-nothing-lost = Nothing typed was lost: correct it and save again.
outcome-not-remembered = The follow-up is saved on the service, but this computer could not remember it: the item may still show as overdue
outcome-day-at = { $day } at { $time }
outcome-saved-both = Outcome saved, and the next step scheduled for { $when }
outcome-saved = Outcome saved
outcome-next-saved = Next step scheduled for { $when }
outcome-saved-plain = Saved
outcome-title = Log outcome · { $name }
intake-refused-later = ⚠ Saved offline, then refused by the service: { $message }
intake-the-new = the new individual
intake-nothing-lost = Nothing was lost: correct the form and create again.
intake-saved-offline = ✔ Saved offline: they are created (and their inquiry logged) when the service can be reached (see Outbox)
intake-matched = Matched an existing individual (id { $id }, case { $number }) and updated it
intake-created = Created, in case { $number }
intake-open-case = Open case
intake-creating = Creating…
intake-create = Create
intake-logging-inquiry = Logging the inquiry…
intake-inquiry-logged = ✔ Inquiry logged in the case's activities
intake-inquiry-failed = ⚠ The inquiry was not logged: { $error }
intake-inquiry-again = Log the inquiry again
intake-type = Type
intake-home-phone = Home phone
intake-mobile-phone = Mobile phone
intake-relationship = Relationship
intake-relationship-hint = Son, Daughter, Spouse…
intake-street = Street
intake-street-2 = Street, line 2
intake-city = City
intake-postal-code = Postal code
intake-log-inquiry = Log an initial inquiry
intake-came-by = Came by
intake-inquiry = Inquiry
intake-inquiry-hint = What they asked about
intake-do-not-merge = Do not merge with an existing match
intake-title-contact = New contact for case { $number }
intake-title = New individual
word-saved-offline = ✔ Saved offline: held on this desk now; the service has it once the outbox sends it
word-logged = ✔ Logged on the case: every desk holds it after its next sync
word-record = Record their word…
word-record-hint = Someone of the case asked not to be called, texted, emailed or written to (or said they may be): logged on the case so no desk goes against it
word-who = Who
word-asked-to-stop = asked to stop
word-agreed = agreed to
word-how = How they said it
word-how-hint = on a call, replied STOP, by email…
word-log = Log their word
word-logs = Logs “{ $description }” on the case.
word-not-logged = ⚠ Not logged: { $problems }.
word-not-logged-kept = ⚠ Not logged: { $error }. What you chose is kept; try again.
word-the-types = the portal's activity types
word-no-type = the portal has no activity type to record it with
known-looking = Looking for this person among every case…
known-not-known = Not known: no case in any community has this name, phone or email.
known-room = People already on file with this name, phone or email are listed here as you type.
known-possibly = ⚠ Possibly known already ({ GROUPED($count) }): open their case instead?
known-match = { $name } ({ $why })
known-match-in = { $name }, in { $primary }'s case ({ $why })
known-open-case = Open case { $number }
known-no-contact = No contact on record yet
known-since = known since { $day } at { $community }
known-since-via = known since { $day } via { $source } at { $community }
known-more = and { GROUPED($count) } more
known-fee-hint = The source is marked paid in Settings. If saved, both dates and sources go in the inquiry's note as evidence.
details-close = Close details
details-name = Name
details-when = When
details-sale-stage = Sale stage
details-individual = Individual
details-case = Case
details-yes = Yes
details-no = No
details-completed = Completed
details-followed-up = ↪ Followed up here ({ $what })
calendar-waiting = Waiting to be sent ({ GROUPED($count) })
calendar-refused = refused, see Outbox
calendar-sending = sent, not confirmed yet
calendar-pending = pending
calendar-more-in-outbox = and { GROUPED($count) } more in the Outbox
calendar-activities-so-far = activities ({ GROUPED($count) } so far)
calendar-followed-hover = { $due } · followed up here (the service keeps it open: it has no update)
calendar-first-contact = first contact with { $name }
agenda-state = State
state-overdue = Overdue
state-open = Open
state-done = Done
state-cancelled = Cancelled
state-no-show = No show
state-rescheduled = Rescheduled
cal-jump-to = Jump to
cal-whose-disabled = This list holds only your own work: choose "Everyone's activities" to pick whose.
cal-shown = { GROUPED($count) } shown
cal-shown-hint = Activities on the days shown, with the filters applied
cal-more-not-listed = { GROUPED($count) } more not listed
cal-more-not-listed-hint = Everyone's days list the first { $per_day } of each day; choose a community, a type or a person to see the rest
cal-plus-more = +{ GROUPED($count) } more
cal-fold-hint = { GROUPED($count) } more at this time: open { $day } as a list
colour-red = Red
colour-amber = Amber
colour-green = Green
myday-followed-outcome = ↪ Outcome
myday-followed-item = { $what }: { $kind } { $when }, assigned to { $who }
myday-waiting = { $waited } waiting
myday-waiting-hint = Business time since the inquiry ({ $hours }); the target is { $minutes } min.
myday-booked = { $community } · a visit is booked, nobody has called
myday-first-contact-hint = The call, email or visit that reached { $name }
myday-leads-and-activities = leads and their activities
myday-leads-so-far = leads and the team's activities ({ GROUPED($count) } so far)
myday-created-ahead = created { $day }, a date ahead
myday-since = since { $day }
myday-log-outcome-hint = What happened with { $name }, and the next step
myday-unsent = ⟳ not sent yet
myday-unsent-hint = Logged on this computer and waiting in the Outbox: it counts here and is sent by itself when the service answers
plan-moved-to = moved to { $when } (your time)
plan-overdue-since = overdue since { $day }
plan-due-today = due today
plan-name = Plan: { $plan }
plan-draft-hint = Drafts it from the template; logged once it went ({ $plan } plan)
holds-wait-until = ⛔ Calls and texts wait until { $when } (your time): { $reason }
holds-wait = ⛔ Calls and texts wait: { $reason }
holds-wait-hint = By your communities' clock and the federal hours; the message window also keeps to the family's own state and clock before anything is handed over.
missed-tip = Calls from your leads' families nobody picked up, from the phone system's export (Import calls…), until a call out of the case is logged. Amber at half the response target, red at it (Settings).
missed-team-tip = Calls from the families of every agent's leads nobody picked up ("Everyone's activities" is shown), from the phone system's export, until a call out of the case is logged.
missed-import-hint = Log the phone system's calls from its export (CSV)
missed-called-hint = Called { $when }; business time since the call.
missed-call-back-hint = Call { $name } back, with their number
missed-log-call-back-hint = The call that returned { $name }'s
missed-they = They
missed-called = { $who } called { $when } (the community's clock)
missed-called-agent = { $who } called { $when } (the community's clock) · { $agent }'s lead
stake-by-colour-hint = Red first, then amber and green; the latest contact first in each
stake-tip = How likely the lead is to move in within 90 days (the move-in score), times the first month at the community's typical rate, less the referral fee its source would be owed (Settings). Leads without a score come last.
stake-no-scores = No scores: { $error }
stake-working = Working out the move-in scores…
stake-not-scored = not scored
stake-likely = { $likely } likely within 90 days. { $why }
band-hot = Hot
band-warm = Warm
band-cold = Cold
case-score-tip = Worked out on this desk from the portal's own past: for leads like this one (tours, deposit, contacts either way, days since the inquiry and the last touch, missed follow-ups, source, community), how many moved in within 90 days. Hot is twice the portal's rate or more, cold under half of it. Settings shows how well it predicted the last six months.
case-not-scored = Not scored: not an active lead in the offline copy yet
case-portal-rate = (the portal's leads: { $rate })
case-view-logged = ✔ Your view is logged on the case (an Update activity); the score is unchanged
case-see-otherwise = I see it otherwise…
case-see-otherwise-hint = Log on the case why you rate this lead differently
case-why = Why
case-why-hint = e.g. the daughter has chosen us; waiting on the house sale
case-log-view = Log my view
plan-title = Follow-up plan
plan-tip = A plan's steps are never created ahead on the service (it cannot change or delete an activity): its start and stop are each one activity on the case, so every desk sees the plan; a step is done by the call, email or letter logged for it, and skipped once the family answers (an Email In, Call In, tour or move-in).
plan-unknown = { $name }: a plan this desk does not know
plan-started = { $name }, started { $day }
plan-stop = Stop the plan
plan-stop-hint = Logs that it stopped; the steps left are not due
plan-step-done = ✔ { $what } · done { $day }
plan-step-skipped = – { $what } · skipped: { $answer } { $day }
plan-step-due = • { $what } · due today
plan-step-overdue = ⚠ { $what } · overdue since { $day }
plan-step-opted-out = – { $what } · skipped: they asked not to be contacted
plan-step-moved = ⏸ { $what } · moved to { $when } (your time)
plan-plan = Plan
plan-start = Start the plan
plan-day-step = day { $day }: { $channel }
plan-business-days = { GROUPED($steps) } (business days)
plan-saved-offline = ✔ Saved offline: the plan shows once it reaches the service (see Outbox)
plan-not-saved = ⚠ Not saved: { $error }
words-title = Contact preferences
words-language = { $name }: written to in { $language }
words-none = None recorded.
words-may-contact = may be contacted
words-no = no { $channels }
words-logged-by = , logged by { $name }
words-kept-as = Kept as activities on the case (the service cannot change a person): every desk holds them after its next sync.
waitlist-added = ✔ Added to the waitlist (an activity on the case; Inventory, Waitlist)
waitlist-add-open = Add to waitlist…
waitlist-add-hint = What the person waits for, kept as a Deposit or Room Reserve activity
waitlist-add-title = Add to waitlist
waitlist-care-group = Care group
waitlist-floor-plan = Floor plan
waitlist-wanted-by = Wanted by
waitlist-any-time = any time
waitlist-priority = Priority
waitlist-deposit = Deposit paid
waitlist-add = Add
waitlist-add-disabled = Choose a care group and a priority
waitlist-not-added = ⚠ Not added: { $error }
waitlist-no-type = The portal has no such activity type
search-no-filter = no filter
search-the-filter = the filter { $filters }
search-filters-and = { " " }and{ " " }
search-not-synced = not fully synced yet
search-first-matches = First { GROUPED($count) } matches
search-n-of-shown = { GROUPED($shown) } of { GROUPED($count) } shown
search-from-copy-asking = { GROUPED($count) } from the offline copy ({ $when }); asking the service…
search-from-copy = { GROUPED($count) } from the offline copy ({ $when })
search-pending-people = { $count ->
    [one] and 1 person saved offline, waiting to be sent
   *[other] and { GROUPED($count) } people saved offline, waiting to be sent
  }
search-held-people = { $count ->
    [one] and 1 person saved offline, held in the Outbox for your decision
   *[other] and { GROUPED($count) } people saved offline, held in the Outbox for your decision
  }
search-hidden-by = { GROUPED($count) } hidden by { $filters }
search-the-cases = cases
search-the-results = results
search-offline-by-hand = You chose Work offline, so these come from the offline copy. Go online (status bar) to ask the service.
search-offline-unreachable = The service cannot be reached, so these come from the offline copy. LeaseDesk asks again by itself.
search-copy-empty = The offline copy is still empty ({ $progress }): cases show here once it holds them, or as soon as the service answers.
search-copy-none = The offline copy holds no cases yet: it is filled when the service can be reached.
search-copy-filling = No case in the offline copy matches, but it is still being filled ({ $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
  } so far): the case may not be in it yet.
search-no-match = No cases match. Check the spelling, or clear a filter.
search-none-read-match = None of the { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
  } read matches { $filters }.
dup-the-duplicates = possible duplicates
dup-summary = { GROUPED($groups) } groups, { GROUPED($cases) } cases that may be one person: the same email, phone or name (nicknames and swapped first and last names too), relatives included, in any community.
dup-summary-largest = { GROUPED($groups) } groups, { GROUPED($cases) } cases that may be one person: the same email, phone or name (nicknames and swapped first and last names too), relatives included, in any community. The largest groups are listed.
dup-case = case { $number } · { $communities }
dup-case-through = case { $number } · { $communities } · through { $through }
waited-minutes = { $minutes } min
waited-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] { " " }{ $minutes } min
  }
waited-days = { $days ->
    [one] 1 business day
   *[other] { $days } business days
  }{ $hours ->
    [0] {""}
   *[other] { " " }{ $hours } h
  }
inventory-board = Board
inventory-table = Table
inventory-summary = Occupancy summary
inventory-waitlist = Waitlist
inventory-new-unit = New unit…
inventory-import = Import units from CSV…
inventory-the-units-contracts = units and contracts
inventory-counts = { GROUPED($units) } units shown · { GROUPED($vacant) } vacant · { $free } free beds
inventory-export-units = Export units CSV…
inventory-export-summary = Export summary CSV…
inventory-all-communities = All communities
inventory-all-care-groups = All care groups
inventory-all-floor-plans = All floor plans
inventory-occupancy = Occupancy
inventory-new-units = { $count ->
    [one] 1 new unit
   *[other] { GROUPED($count) } new units
  }
inventory-move-ins = { $count ->
    [one] 1 move-in
   *[other] { GROUPED($count) } move-ins
  }
inventory-waiting = { $what } saved offline, waiting to be sent (see Outbox): shown here once the service has them
vacancy-any = Any occupancy
vacancy-vacant = Vacant
vacancy-with-room = Has a free bed
vacancy-full = Full
unit-partial = Partly occupied
tile-vacant = Vacant · { $beds ->
    [one] 1 bed
   *[other] { GROUPED($beds) } beds
  }
tile-free = { GROUPED($count) } free
tile-moving-in = { GROUPED($count) } moving in
unit-number = Unit { $number }
units-col-unit = Unit
units-col-sq-ft = Sq ft
units-col-capacity = Capacity
units-col-rate = Rate
units-col-residents = Residents (since)
units-table = Units
units-capacity-free = { $capacity } ({ $free } free)
unit-close = ✖ Close
unit-square-feet = Square feet
unit-monthly-rate = Monthly rate
unit-typical-deposit = Typical deposit
unit-beds-free = { $state } · { $free } of { GROUPED($beds) } beds free
unit-moves-in = { $name } moves in on { $day }
unit-contract-history = Contract history
unit-no-contracts = No contracts on this unit yet.
unit-period = { $from } to { $to }
unit-period-from = from { $from }
unit-contract = Contract { $id } · { $name } · { $period } · { $fee }
unit-no-transactions = No transactions on this unit.
unit-since = { $name } since { $day }
occupancy-beds = Beds
occupancy-occupied = Occupied
occupancy-pct-units = % units
occupancy-pct-beds = % beds
occupancy-revenue = Monthly revenue
occupancy-in = In 30/90 d
occupancy-out = Out 30/90 d
occupancy-in-tip = Move-ins dated in the last 30 and the last 90 days, today's included, whenever the family first inquired (Sales' "Beside the industry" counts the same). Move-ins ahead are in Sales, Census forecast.
occupancy-out-tip = Move-outs that happened in the last 30 and the last 90 days. Move-outs ahead are in Sales, Census forecast.
occupancy-total = { GROUPED($units) } units, { GROUPED($beds) } beds: { $unit_pct }% of units and { $bed_pct }% of beds occupied; { $revenue } a month from active contracts
occupancy-by-community = Occupancy by community
occupancy-moves = Move-ins and move-outs, last 12 months
occupancy-pct-of-units = % of units
occupancy-pct-of-beds = % of beds
occupancy-chart-community-item = { $community } { $unit_pct }% of units, { $bed_pct }% of beds
occupancy-chart-community = Bar chart, occupancy by community: { GROUPED($items) }.
occupancy-move-ins = Move-ins
occupancy-move-outs = Move-outs
occupancy-chart-moves-item = { $month } { GROUPED($ins) } in, { GROUPED($outs) } out
occupancy-chart-moves = Bar chart, move-ins and move-outs by month: { GROUPED($items) }.
waitlist-the-list = the waitlist
waitlist-summary = { $people ->
    [one] 1 person
   *[other] { GROUPED($people) } people
  } on the waitlist; { $units ->
    [one] 1 unit
   *[other] { GROUPED($units) } units
  } with a bed free in the next { $days } days, { $suiting } of them suiting someone on it (below).
waitlist-summary-at = { $people ->
    [one] 1 person
   *[other] { GROUPED($people) } people
  } on the waitlist at { $community }; { $units ->
    [one] 1 unit
   *[other] { GROUPED($units) } units
  } with a bed free in the next { $days } days, { $suiting } of them suiting someone on it (below).
waitlist-tip = Each entry is a Deposit (a deposit paid) or Room Reserve activity on the person's case, written by "Add to waitlist…" on the case: the service keeps no waitlist it returns. A newer entry of the same person replaces the older; one who moved in or was lost waits no more.
waitlist-coming-free = Coming free, and who it suits
waitlist-none-suits = No unit coming free suits anyone on the list.
waitlist-everyone = Everyone on the list
waitlist-units = Units { $numbers }
waitlist-units-more = Units { $numbers } and { $more } more
waitlist-free-now = free now
waitlist-free-from = free from { $day }
waitlist-offer = Offer…
waitlist-offer-hint = Logs a call offering unit { $unit } to { $name } and opens the move-in with both
waitlist-offer-failed = ⚠ The offer was not logged: { $error }
waitlist-offer-logged = ✔ The offer is logged on the case as a Call Out
waitlist-deposit-paid = deposit paid
waitlist-joined = joined { $day }
waitlist-wanted = wanted by { $day }
waitlist-empty = No one is on the waitlist here.
waitlist-col-wants = Wants
waitlist-col-joined = Joined
waitlist-any = any
unit-new = New unit
unit-field-number = Number
unit-field-capacity = Capacity (beds)
unit-create = Create unit
unit-the-new = the new unit
unit-created = ✔ { $message } (unit id { $ids })
unit-saved-offline = ✔ Saved offline: the unit is created when the service can be reached (see Outbox)
unit-exists = Unit { $number } already exists in this community
import-title = Import units
import-about = A CSV file with a header row of the field names: { $fields }. CommunityUnique, CareGroupId and Number are required.
import-file = CSV file
import-open = Open
import-choose = Choose file…
import-summary = { $rows ->
    [one] 1 row
   *[other] { GROUPED($rows) } rows
  }: { GROUPED($ready) } ready, { GROUPED($created) } created, { GROUPED($existing) } already exist, { GROUPED($failed) } with problems
import-offline = , { GROUPED($count) } saved offline (see Outbox)
import-progress = Importing… { GROUPED($done) } of { GROUPED($total) }
import-start = { $count ->
    [one] Import 1 unit
   *[other] Import { GROUPED($count) } units
  }
import-save-failed = Save failed rows…
import-the-import = the import
import-col-line = Line
sales-export-report = Export weekly report (PDF)…
sales-export-report-hint = The occupancy, forecast, funnel and admissions queue as of today, on paper
sales-building-report = Building the report…
sales-the-report = the report
sales-the-weekly-report = the weekly report
sales-reading = Reading activities, contracts, units and cases: { GROUPED($count) } activities so far…
sales-the-figures = the sales figures
movein-unknown = It could not be checked whether the move-in was saved: { $error }
movein-refused = ⚠ The service refused the move-in: { $message }. Correct it here and submit again.
movein-back = Back
movein-next = Next
movein-start-over = Start over
movein-step-who = Who
movein-step-where = Where
movein-step-when = When and money
movein-step-options = Options
movein-step-review = Review
dimension-agent = Agent
period-last-30 = Last 30 days
period-last-90 = Last 90 days
period-this-month = This month
period-last-month = Last month
period-this-quarter = This quarter
period-last-quarter = Last quarter
period-custom = Custom
funnel-first-day = The first day: { $why }.
funnel-last-day = The last day: { $why }.
funnel-last-before-first = The last day comes before the first.
funnel-entered = { GROUPED($cases) } cases entered the funnel from { $from } to { $to } (their first inquiry, tour, deposit or move-in). Each stage counts those cases only; Inventory's move-ins count every move-in of its 90 days, whenever the case began.
funnel-reached = Reached { $stage }
funnel-broken-down = Broken down by
funnel-period = Period
funnel-from = From
funnel-to = To
funnel-bar = { $stage }: { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
  }
funnel-bar-hint = List the cases that reached this stage
funnel-of-before = { $share } of the stage before
funnel-of-before-median = { $share } of the stage before, median { $days } days
funnel-by = By { $dimension }
funnel-col-inquiries = Inquiries
funnel-col-tours = Tours
funnel-col-deposits = Deposits
funnel-col-move-ins = Move-ins
funnel-col-toured = Toured
funnel-col-deposit = Deposit
funnel-col-moved-in = Moved in
funnel-col-median = Median first contact
funnel-col-1h = In 1 h
funnel-col-24h = In 24 h
funnel-speed-tip = Speed to lead of the row's cases: the median business time from the inquiry to the first call, email or visit, and the shares reached within 1 and 24 business hours (office hours in Settings). All three count the same inquiries: one not reached yet is still waiting, so "Half not reached" when the middle one has had no contact
funnel-list = List { $key } · { $stage }
funnel-key-reached = { $key } · reached { $stage }
funnel-none = No case entered the funnel in this period.
funnel-selection = { $title }: { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
  }
calls-the-calls = the calls
calls-span = { " " }({ $from } to { $to })
calls-summary = The last { $weeks } weeks{ $span }: { $calls_in ->
    [one] 1 call
   *[other] { GROUPED($calls_in) } calls
  } in, { GROUPED($missed) } of them missed ({ GROUPED($outside) } outside office hours), { $calls_out ->
    [one] 1 call
   *[other] { GROUPED($calls_out) } calls
  } out.
calls-in = Calls in
calls-missed = Missed calls
calls-out = Calls out
calls-in-lower = calls in
calls-missed-lower = missed calls
calls-out-lower = calls out
calls-office-closed = { " " }(office closed)
sources-col-source = Source
sources-col-conversion = Conversion
sources-col-median-days = Median days{"\u000A"}to move-in
sources-col-fee = Fee
sources-col-fees-owed = Fees owed
sources-col-cost = Cost per{"\u000A"}move-in
sources-not-paid = not paid
sources-about = { GROUPED($cases) } cases entered the funnel from { $from } to { $to } (the Funnel tab's period). Fees are the paid sources' terms in Settings, a share of the first month's rent (the move-in contract's monthly fee) or a fixed amount a move-in.
bench-about = The portal's figures beside the field's published ones (or your own targets, set in Settings). The funnel's figures count the cases that inquired in the last 12 months. ✔ green: meets it; ≈ amber: within a tenth of it; ✖ red: further off.
bench-reading = Reading when each lead was first contacted…
bench-col-measure = Measure
bench-col-benchmark = Benchmark
bench-table = Benchmarks
bench-meanings = What each figure means, and where the benchmark comes from
bench-meets = meets the benchmark
bench-near = within a tenth of the benchmark
bench-short = further off the benchmark
lost-last-months = Last { $months } months
lost-reasons = Reasons
lost-where-went = Where they went
lost-by-community = By community
lost-by-agent = By agent
lost-by-source = By source
lost-the-leads = the lost leads
lost-summary = { GROUPED($count) } leads closed as lost since { $day }. Recorded as activities "Lost lead: …" (the service cannot change a person's status); a lead who inquires again is open again.
lost-each-reason = Each reason
lost-total = Total
board-last-days = Last { $days } days
board-the-board = the team board
board-about = Who counts: the active leads of today (Prospects and Pre-leads, not lost, inactive or moved in), amber apart. Engagement: green ÷ (green + red). The bars are the last { $weeks } weeks, each as it stood at its end: the same leads (those created by then), the same rule, and only what had been entered by then; a lead who moved in or was lost since is in none of them. First contact in business time (Settings), for the period's inquiries.
board-leads-of = { $name }'s leads ({ GROUPED($count) }), red first
board-col-active = Active
board-col-engagement = Engagement
board-col-trend = Trend
board-col-median = Median first{"\u000A"}contact
board-col-1h = Within{"\u000A"}1 h
board-col-24h = Within{"\u000A"}24 h
board-col-tours-overdue = Tours ·{"\u000A"}Overdue
board-none = (none)
board-show-leads = Show its leads
board-toured-hint = Of the period's inquiries, those with a tour done or booked
board-oldest-first = Oldest first: { $values }
forecast-total = Occupied beds: { GROUPED($today) } today, { GROUPED($in30) } in 30 days, { GROUPED($in60) } in 60 days, { GROUPED($in90) } in 90 days (of { GROUPED($beds) } beds).
forecast-from-contracts = From housing contracts: a signed move-in counts from its day, a known move-out until its day.
forecast-on-notice = On notice: { $count ->
    [one] 1 known move-out
   *[other] { GROUPED($count) } known move-outs
  }
forecast-pending = Pending move-ins: { $count ->
    [one] 1 signed contract
   *[other] { GROUPED($count) } signed contracts
  }
forecast-x-axis = Days from today
forecast-y-axis = Occupied beds
forecast-beds = { GROUPED($beds) } beds
forecast-chart-item = { $community } { GROUPED($today) } today, { GROUPED($in30) } in 30 days, { GROUPED($in60) } in 60 days, { GROUPED($in90) } in 90 days
forecast-chart = Line chart, occupied beds over the next { $days } days: { GROUPED($items) }.
forecast-col-today = Today
forecast-col-in = In { $days } days
forecast-table = Occupied beds by community
forecast-none = None in the next 90 days.
forecast-vacant = Vacant: { $units ->
    [one] 1 unit
   *[other] { GROUPED($units) } units
  }, vacancy loss so far { $loss }
forecast-loss-rule = Loss is the base monthly rent × days vacant ÷ 30, from the last move-out.
forecast-never = { $units ->
    [one] 1 unit
   *[other] { GROUPED($units) } units
  } never occupied: not counted in the loss (there is no move-out to count from).
forecast-col-vacant-since = Vacant since
forecast-col-days-vacant = Days vacant
forecast-col-loss = Loss
forecast-never-occupied = Never occupied
forecast-not-counted = not counted
forecast-vacant-table = Vacant units
forecast-on-notice-table = On notice
forecast-pending-table = Pending move-ins

## The weekly report (PDF)
report-none-value = none
report-chart-alt = A line chart of occupied beds day by day over the next { $days } days, of { GROUPED($beds) } beds: { $today } today, { $in30 } in 30 days, { $in60 } in 60 days, { $in90 } in 90 days; lowest { $lowest }, highest { $highest }.
report-today = Today
report-plus-days = +{ $days } days
report-stage-share = { $stage } { $n } ({ $share } of the stage before)
report-funnel-alt = A bar chart of the sales funnel, a bar per stage: { $stages }.
report-title = Weekly report · { $portal }
report-title-community = Weekly report · { $portal } · { $community }
report-as-of = As of { $as_of }. Moves: { $from } to { $to }. Funnel: cases that entered from { $funnel_from } to { $funnel_to }.
report-note-no-units = No units: occupancy and the forecast are empty.
report-note-no-contracts = No housing contracts: nobody lives here, nobody moves in or out.
report-note-no-activities = No activities: the funnel has no inquiries, tours or deposits.
report-note-unreadable-community = { $count ->
    [one] 1 community record sent by the service could not be read and is left out of this report (the log says which).
   *[other] { GROUPED($count) } community records sent by the service could not be read and are left out of this report (the log says which).
  }
report-note-unreadable-unit = { $count ->
    [one] 1 unit record sent by the service could not be read and is left out of this report (the log says which).
   *[other] { GROUPED($count) } unit records sent by the service could not be read and are left out of this report (the log says which).
  }
report-note-unreadable-contract = { $count ->
    [one] 1 housing contract record sent by the service could not be read and is left out of this report (the log says which).
   *[other] { GROUPED($count) } housing contract records sent by the service could not be read and are left out of this report (the log says which).
  }
report-note-unreadable-activity = { $count ->
    [one] 1 activity record sent by the service could not be read and is left out of this report (the log says which).
   *[other] { GROUPED($count) } activity records sent by the service could not be read and are left out of this report (the log says which).
  }
report-occupancy = Occupancy today
report-col-community = Community
report-col-care-group = Care group
report-col-units = Units
report-col-occupied = Occupied
report-col-beds = Beds
report-col-in-use = In use
report-col-units-share = % units
report-col-beds-share = % beds
report-occupancy-note = Occupied: units with at least one resident. % units: occupied units ÷ units. % beds: beds in use ÷ beds (a shared room with one bed open is an occupied unit and an open bed).
report-forecast = Census forecast: occupied beds, next 90 days
report-on-notice = On notice (known move-outs, next 90 days)
report-pending = Pending move-ins (next 90 days)
report-funnel = Sales funnel
report-funnel-by-community = Funnel by community
report-funnel-by-agent = Funnel by agent
report-col-agent = Agent
report-board-by-agent = Team board this week, by agent
report-board-by-community = Team board this week, by community
report-move-ins-week = Move-ins this week
report-move-outs-week = Move-outs this week
report-vacancy = Vacancy loss (base monthly rent × days vacant ÷ 30, from the last move-out)
report-never-occupied-cell = Never occupied
report-not-counted = not counted
report-col-unit = Unit
report-col-vacant-since = Vacant since
report-col-days = Days
report-col-loss = Loss
report-admissions = Admissions queue (next 30 days)
report-checklist-met = { GROUPED($met) } of { GROUPED($total) } met
report-not-read = not read
report-at-risk = At risk
report-col-move-in = Move-in
report-col-name = Name
report-col-checklist = Checklist
report-col-date = Date
report-col-case = Case
report-no-one = (none)
report-board-note = Active leads of today (Prospects and Pre-leads), amber apart; engaged = green / (green + red). 8 weeks ago: the same leads (those created by then) under the same rule, from what had been entered by then.
report-col-active = Active
report-col-colours = Green/ amber/ red
report-col-engaged = Engaged
report-col-trend = 8 wk ago/ now
report-col-median-first = Median 1st
report-col-in-hour = In 1h
report-col-in-day = In 24h
report-col-overdue = Overdue
report-sources = Referral sources (the funnel's period)
report-col-days-to-move-in = Days to move-in
report-col-per-move-in = Per move-in
report-brief = This week in brief
report-brief-occupancy = Occupancy now: { GROUPED($units_occupied) } of { GROUPED($units) } units occupied ({ $unit_share } of units) and { GROUPED($beds_used) } of { GROUPED($beds) } beds in use ({ $bed_share } of beds); a week ago { $then } beds ({ $then_share }), { $change }.
report-change-none = no change
report-change-more = { $n } more
report-change-fewer = { $n } fewer
report-brief-forecast = Forecast, occupied beds: { $today } today, { $in30 } in 30 days, { $in60 } in 60, { $in90 } in 90.
report-brief-moves = This week: { GROUPED($ins) } moved in, { GROUPED($outs) } moved out; { $notice } known move-outs and { GROUPED($pending) } signed move-ins ahead.
report-brief-funnel = Funnel: { GROUPED($inquiries) } inquiries, { GROUPED($tours) } tours, { GROUPED($deposits) } deposits, { GROUPED($move_ins) } move-ins.
report-brief-loss = Vacancy loss so far: { $loss } over { GROUPED($vacant) } vacant units.
report-brief-loss-never = Vacancy loss so far: { $loss } over { GROUPED($vacant) } vacant units ({ GROUPED($never) } never occupied, not counted).
report-footer = LeaseDesk · { $portal } · generated { $when } ({ $zone })
report-document-title = Weekly report, { $portal }
report-page = Page { $page } of { GROUPED($pages) }
report-table-none = None.
row-not-known = Not known
row-no-campaign = No campaign
report-benchmarks = Beside the industry (the funnel: cases that inquired in the last 12 months)
report-col-measure = Measure
report-col-benchmark = Benchmark
report-lost = Lost leads (last three months), by reason
report-col-reason = Reason
report-col-total = Total
report-lost-total = { $count ->
    [one] 1 lead
   *[other] { GROUPED($count) } leads
  } closed as lost in these months: { $reasons }.
report-never-occupied = Never occupied, not counted ({ GROUPED($count) }): { GROUPED($units) }.

## The benchmarks' words (assets/benchmarks.json, as published)
benchmark-occupancy = Occupancy (units)
benchmark-occupancy-means = Occupied units ÷ units, today.
benchmark-inquiry-to-tour = Inquiry to tour
benchmark-inquiry-to-tour-means = Of the cases that inquired in the last 12 months, the share that toured (Bild & Co count new leads; all leads toured 16.5%).
benchmark-tour-to-move-in = Tour to move-in
benchmark-tour-to-move-in-means = Of those cases that toured, the share that moved in (the close ratio: move-ins ÷ tours).
benchmark-inquiry-to-move-in = Inquiry to move-in
benchmark-inquiry-to-move-in-means = Of the cases that inquired in the last 12 months, the share that moved in.
benchmark-days-to-move-in = Days from inquiry to move-in
benchmark-days-to-move-in-means = Median days from the inquiry to the move-in, of the last 12 months' cases that moved in (the benchmark is an average; life-plan communities: 106).
benchmark-first-contact = First contact within 2 business hours
benchmark-first-contact-means = Of the last 12 months' cases with a known inquiry, the share first contacted (a completed call, email or visit out) within 2 office hours. A Place for Mom asks partners to call every lead at once; within 2 hours brings 11.5–15% more move-ins.
benchmark-moves-30 = Move-ins per move-out, 30 days
benchmark-moves-30-means = Move-ins ÷ move-outs of the last 30 days (NIC: assisted living 3.0% vs 2.8% of inventory in a month).
benchmark-moves-90 = Move-ins per move-out, 90 days
benchmark-moves-90-means = Move-ins ÷ move-outs of the last 90 days.
benchmark-your-target = Your target (Settings)
benchmark-days = { $days } days
benchmark-none-occupancy = no units in the inventory
benchmark-none-inquired = no case inquired in the last 12 months
benchmark-none-toured = none of the last 12 months' cases toured
benchmark-none-moved-in = none of the last 12 months' cases moved in
benchmark-none-first-contact = no inquiry of the last 12 months with a known time (or still reading)
benchmark-none-move-out-30 = no move-out in the last 30 days to divide by
benchmark-none-move-out-90 = no move-out in the last 90 days to divide by
benchmark-none = nothing to count
report-all-communities = All communities
report-all-care-groups = All care groups
bench-dash-means = —: nothing to count yet (no case, unit or move-out of that kind in the period). Point at a dash to see which.
bench-meaning = { $measure }: { $means } Benchmark: { $from }.
waited-half-not-reached = Half not reached

## A referral partner's pack (PDF)
pack-title = { $ends_in_s ->
    [yes] { $partner }' pack
   *[no] { $partner }'s pack
  }
pack-heading = { $pack }: availability and your families
pack-every-community = every community
pack-from = From { $portal }, { $community } as of { $as_of }.
pack-free = Free now and within { $days } days
pack-coming = { GROUPED($count) } from { $from }
pack-col-care = Care, floor plan
pack-col-private = Private units free
pack-col-shared = Shared rooms, a bed free
pack-col-coming = Coming free
pack-col-rate = Monthly rate
pack-free-means = A private unit is free with no one living in it; a shared room has a resident and a bed free for one more. Coming free: a resident's move-out date on record falls within the days shown. Rates are the units' base monthly rates; care is priced on assessment.
pack-families = The families you referred
pack-col-family = Family
pack-col-inquired = Inquired
pack-col-stand = Where they stand
pack-inquired = Inquired
pack-toured = Toured
pack-deposit-paid = Deposit paid
pack-moved-in = Moved in
pack-more = And { GROUPED($count) } more, newer first above; ask us for the whole list.
pack-thanks = Families whose first inquiry came through you in the last { $days } days, by first name and initial only. Thank you for thinking of us.
pack-footer = LeaseDesk · { $portal } · for { $partner } · { $as_of }

## Sales: partner packs
partners-the-units = the units
partners-the-people = the referral partners' people
partners-about = A partner is a paid source (Settings) or a market source a Referral Source person names; their families are the cases whose source they are. The service keeps no referral organisation of its own, so this is how LeaseDesk tells who referred whom.
partners-none = No referral partners yet: mark a paid source in Settings (Lead rules), or give a Referral Source person the partner's market source.
partners-partner = Partner
partners-partner-hint = The referral partner whose pack is shown
partners-save = Save pack PDF…
partners-save-hint = The one page the partner gets, as shown below (in the window's language)
partners-no-person = No Referral Source person names this partner: the pack can be saved, not sent or logged from here.
partners-email = Email the pack…
partners-email-hint = A message to { $name } from the "Partner pack" template; attach the saved PDF. "Sent" logs it as an Email Out on { $name }'s case
partners-log-call = Log the pack call
partners-log-call-hint = Logs a completed Outreach Call Out on { $name }'s case: the pack went over by phone
partners-to = To { $name }
partners-to-email = To { $name } ({ $email })
partners-not-logged = ⚠ The call was not logged: { $error }
partners-logged = ✔ The call is logged as an Outreach Call Out on the partner's person
partners-col-care = Care
partners-col-floor-plan = Floor plan
partners-coming = { GROUPED($count) } (from { $from })
partners-availability = Free now and coming free
partners-families = The families { $partner } referred
partners-no-families = None in the last { $days } days.
partners-families-table = The families referred
partners-more = And { GROUPED($count) } more, past the newest { GROUPED($shown) } shown (the PDF lists those its page holds).

## The regional roll-up (PDF)
region-heading = Region as of { $as_of }
region-short-of = { $short } of { $measured }
region-col-portal = Portal
region-col-now = Now
region-col-days = { $days } d
region-col-within = Within 2 h
region-col-team = Team
region-col-short = Short of
region-not-read = Not read: { $portal }: { $why }.
region-means = Now, 30 d, 60 d, 90 d: occupied beds ÷ beds, by the contracts on record. Inquiries: cases that entered the funnel in the last 90 days; moved in: those of them who have moved in (not every move-in of the 90 days: Inventory's "In 30/90 d" counts those, whenever the inquiry). Within 2 h: the year's new leads first contacted within 2 office hours. Team: green ÷ (green + red) of the active leads. Short of: the industry benchmarks (Sales, Beside the industry) the community misses by more than a tenth, of those it can be measured on (a benchmark with nothing to count yet, such as move-ins per move-out with no move-out, is left out of both numbers; the CSV names each). Each portal is read on its own; nothing is merged.
region-footer = LeaseDesk · region · { $as_of }
region-title = Region

## Import calls (a phone system's export)
calls-import-title = Import calls
calls-fact-caller = Caller's number
calls-fact-called = Number called
calls-fact-start = Start (day and time)
calls-fact-time = Time, if apart
calls-fact-length = Length
calls-fact-direction = Direction (in/out)
calls-fact-answered = Answered (yes/no)
calls-columns-unknown = These columns are not a layout LeaseDesk knows. Say which column holds what (kept for this connection, so the next export of this phone system reads at once):
calls-none = (none)
calls-choose-column = Choose a column
calls-read-columns = Read with these columns
calls-import-about = A phone system's call export (CSV): the columns of { $systems } exports are known. Each call whose number belongs to a case is logged once, as a Call In or Call Out with its length and result; importing the same calls again, here or on another desk, logs nothing. The service cannot change or delete an activity, so look at the file's count first.
calls-and-list = { $rest } and { $last }
calls-export = Call export
calls-open = Open
calls-choose-file = Choose file…
calls-read = { $count ->
    [one] 1 call
   *[other] { GROUPED($count) } calls
  } read ({ $layout } layout).
calls-read-span = { $count ->
    [one] 1 call
   *[other] { GROUPED($count) } calls
  } read ({ $layout } layout), { $from } to { $to }.
calls-import = Import
calls-matching = Matching the calls to cases and logging them…
calls-close = Close
calls-import-summary = Read { $calls ->
    [one] 1 call
   *[other] { GROUPED($calls) } calls
  } ({ $layout } layout) against { $cases ->
    [one] 1 case
   *[other] { GROUPED($cases) } cases
  }: { GROUPED($matched) } matched, { GROUPED($logged) } logged now, { $already } logged before.
calls-unmatched = { $count ->
    [one] 1 number matches
   *[other] { GROUPED($count) } numbers match
  } no one
calls-unmatched-number = { $number }: { $calls ->
    [one] 1 call
   *[other] { GROUPED($calls) } calls
  }, { GROUPED($inbound) } in (line { $line })
calls-new-individual = New individual…
calls-new-individual-hint = A new lead with the phone { $number }
calls-several = { $number } is on more than one case (lines { GROUPED($lines) }): not logged
calls-wait-mine = { GROUPED($count) } on your leads, in My day's Missed calls
calls-wait-colleagues = { GROUPED($count) } on colleagues' leads, in their My day
calls-wait-others = { GROUPED($count) } on cases that are no open lead (residents' families, closed or lost), in no My day
calls-waiting = { $count ->
    [one] 1 missed call
   *[other] { GROUPED($count) } missed calls
  } waiting to be returned: { $places }.

## Files saved and opened
files-choosing-where = Choosing where to save…
files-cancelled = Export cancelled
files-no-dialog = { $said } (no file dialog could be shown here)
files-saved = Saved { $what } to { $path }
files-not-written = The file could not be written: { $error }. Choose another folder and try again
files-not-read = The file could not be read: { $error }
files-unreadable = { $path } could not be read: { $error }. Check the path and try again
files-too-large = { $path } is larger than { $mb } MB: split it into smaller files and import them one by one
files-not-utf8 = { $path } is not a text file in UTF-8: save it from your spreadsheet as "CSV UTF-8" and try again
files-choosing-file = Choosing a file…
files-none-chosen = No file chosen (type its path in the box instead if no dialog appeared)

## Said aloud when the desk's state changes
said-waiting = { $count ->
    [one] 1 change waits to be sent
   *[other] { GROUPED($count) } changes wait to be sent
  }
said-working-offline = Working offline: changes wait in the Outbox.
said-offline = Offline: the service cannot be reached. Changes wait in the Outbox.
said-back-online = Back online.
said-back-online-sending = Back online: { GROUPED($waiting) }, sending now.
said-saved-here = Saved on this computer: { GROUPED($waiting) }.
said-saved-all = Saved: the service has every change.
said-saved-service = Saved to the service: { GROUPED($waiting) }.
said-sync-finished = Sync finished: what is shown was brought up to date.

## Reminders (the bell and desktop notifications)
reminder-starting = { $what } with { $name } at { $time }
reminder-overdue = { $what } for { $name } is overdue
reminder-new-lead = New lead: { $name }
reminder-new-lead-at = New lead: { $name } at { $community }
reminder-waiting = New lead: { $name } · { $wait } waiting
reminder-waiting-at = New lead: { $name } at { $community } · { $wait } waiting
reminder-starting-title = Starting soon
reminder-overdue-title = Overdue
reminder-new-lead-title = New lead
reminder-open-case = Open case
reminder-none = No reminders yet. Tours and appointments remind you before they start, and items when they turn overdue.

## The move-in wizard's steps
movein-who = Who is moving in?
movein-people-in-case = People in this case:
movein-is-moving-in = ✔ { $name } is moving in
movein-add = Add { $name }
movein-find = Find a person
movein-find-hint = Name, phone or email
movein-nobody-matches = Nobody matches that search.
movein-moving-in = Moving in
movein-nobody-chosen = Nobody chosen yet.
movein-mover = ✔ { $name } (case { $case })
movein-remove = Remove { $name }
movein-the-units = units
movein-units-order = Units with room for { GROUPED($people) } first; full units can only be waitlisted.
movein-col-free = Free
movein-col-rate = Rate
movein-unit = Unit { $number }
movein-date = Move-in date
movein-required = required
movein-monthly-fee = Monthly fee
movein-from-rate = from the unit's rate
movein-entrance-fee = Entrance fee
movein-optional = optional
movein-deposit = Deposit
movein-unit-rate = Unit { $number } at { $community }: rate { $rate }
movein-not-set = not set
movein-transfer = Transfer from their current unit (their current contract ends on the move-in date)
movein-no-transfer-hint = Nobody moving in has an active contract, so there is no unit to transfer from.
movein-no-transfer = Transfer: nobody moving in has a current contract.
movein-log-activity = Log a move-in activity
movein-waitlist = Waitlist
movein-repayable = Deposit is repayable
movein-current = Current contracts
movein-the-current = current contracts
movein-no-current = None: nobody moving in has an active contract.
movein-lives-in = { $name } lives in unit { $unit } at { $community } since { $since }
movein-tick-transfer = Tick Transfer to move them out of their current unit.
movein-checking = Checking whether the move-in was saved…
movein-check-again = Check again
movein-not-saved = The move-in was not saved (no such contract exists). You can submit it again.
movein-submit-again = Submit again
movein-submit = Submit move-in
movein-the-move-in = the move-in
movein-saved = ✔ Move-in saved: { $count ->
    [one] contract
   *[other] contracts
  } { $ids }
movein-saved-offline = ✔ Move-in saved offline: it is sent by itself when the service can be reached (see Outbox)
movein-open-checklist = Open the admission checklist
movein-see-unit = See the unit in the inventory
movein-another = Start another move-in

## Sales: Region
region-view-about = Each portal is read from its own offline copy on this desk, as of its last sync; nothing is merged. Occupancy counts beds (contracts on record); inquiries are the cases that entered the funnel in the last 90 days, "of them moved in" those of them who moved in (every move-in of the last 90 days, whenever its inquiry, is Inventory's "In 30/90 d"); within 2 h is the year's new leads first contacted within 2 office hours; the team score is green ÷ (green + red) of the active leads; "short of" counts the industry benchmarks the community misses by more than a tenth, of those it can be measured on (hover a row's figure for which).
region-view-now = Occupied{"\u000A"}now
region-view-days = { $days } days
region-view-inquiries = Inquiries{"\u000A"}90 days
region-view-moved-in = Of them{"\u000A"}moved in
region-view-within = Within{"\u000A"}2 h
region-view-team = Team{"\u000A"}score
region-view-export = Export region CSV…
region-view-export-hint = Every row as shown, with the year's benchmark figures
region-view-the-region = the region
region-view-connect = Connect to it
region-view-table = Communities of every portal
region-view-open = Open
region-view-sort = Sort by this column; again to reverse
region-view-open-hint = { $portal }: { $community } beside the industry (switches to that portal)

## The guide (F1)
help-title = Guide
help-close = Close
help-no-folder = none (kept in memory)
help-no-renderer = a renderer not known yet
help-about = About LeaseDesk: version { $build }; drawing with { $renderer }; data folder { $folder }
partners-col-private = Private{"\u000A"}units free
partners-col-shared = Shared rooms,{"\u000A"}a bed free
partners-col-coming = Coming{"\u000A"}free
partners-col-rate = Monthly{"\u000A"}rate
region-view-unread = ⚠ { $portal }: { $why }
region-unread-no-keyring = this computer has no keyring to hold the key of another portal's offline copy, so only the portal in use is read: connect to it to see its figures
region-unread-not-kept = no offline copy of it on this desk: connect to it once, with "Keep an offline copy" ticked, and let the first sync finish
region-unread-not-opened = its offline copy on this desk could not be opened: connect to it to refresh it
region-unread-filling = its offline copy is still filling (the first sync)
region-unread-not-read = its offline copy could not be read: connect to it to refresh it

## Finding a person (move-in, campaigns)
finder-find = Find
finder-the-people = people
finder-case = case { $number }
finder-since = since { $day }
money-monthly = { $amount }/month

## Admissions: a case's checklist
checklist-not-a-case = { $typed } is not a case number: case numbers are whole numbers
checklist-choose-community = Choose a community
checklist-updated = Requirement updated
checklist-saved-offline = Saved offline: it is sent by itself when the service can be reached (see Outbox)
checklist-title = Admission checklist
checklist-about = { $name } · unit { $unit } at { $community } · moving in { $day }
checklist-no-contract = Case { $case } · no move-in contract found
checklist-no-contract-at = Case { $case } at { $community } · no move-in contract found
checklist-show-dismissed = Show dismissed requirements ({ GROUPED($count) })
checklist-none = This community has no admission requirements.
checklist-dismissed = (dismissed)
checklist-offline-refused = Changed offline: refused (see Outbox)
checklist-offline-waiting = Changed offline: waiting to be sent
checklist-mark-met-more = Mark { $name } met…
checklist-mark-not-met-more = Mark { $name } not met…
checklist-nothing-yet = Nothing recorded yet
checklist-no-result = Recorded, no result yet
checklist-result = Result: { $result }
checklist-result-not-yet = Result: { $result } (not yet met)
checklist-marked-not-met = Marked not met: { $result }
checklist-by = { GROUPED($recorded) } · by { $user } on { $when }
checklist-note = Note: { $note }
checklist-mark-met = Mark { $name } met
checklist-mark-not-met = Mark { $name } not met
checklist-result-label = Result
checklist-choose = Choose…
checklist-not-yet = This result means not yet: the requirement stays open, shown as in progress with your note
checklist-note-label = Note (shown on this line)
checklist-save-in-progress = Save as in progress
checklist-save = Save
checklist-cancel = Cancel
checklist-choose-result = Choose a result: the service requires one
checklist-state-met = Met
checklist-state-in-progress = In progress
checklist-state-not-met = Not met

## Closing with changes unsent, a crash's notice, the palette
closing-title = { $count ->
    [one] 1 change not sent yet
   *[other] { GROUPED($count) } changes not sent yet
  }
closing-why = { $count ->
    [one] This computer keeps no offline copy, so it is lost if LeaseDesk closes now. Keep it open until the Outbox is empty, or close and lose it.
   *[other] This computer keeps no offline copy, so they are lost if LeaseDesk closes now. Keep it open until the Outbox is empty, or close and lose them.
  }
closing-keep = Keep LeaseDesk open
closing-lose = { $count ->
    [one] Close and lose 1 change
   *[other] Close and lose { GROUPED($count) } changes
  }
crash-notice = ⚠ LeaseDesk stopped unexpectedly last time. A report for IT was saved as { $name } in the logs folder; it holds no resident's data and was not sent.
crash-copy = Copy report
crash-save = Save report…
crash-the-report = the crash report
crash-dismiss = Dismiss
crash-copied = Copied.
palette-command = Command
palette-hint = Type a command…
palette-none = No command matches

# Why a typed text is not a day
day-problem-empty = Type a day, e.g. 2026-12-01, 12/1/2026 or Dec 1
day-problem-too-long = That is too long to be a day
day-problem-not-on-calendar = "{ $text }" is not a day of the calendar
day-problem-month-day-year = "{ $text }" is not a day: write it as month/day/year
day-problem-year = "{ $text }": write the year with 4 digits
day-problem-which-day = "{ $text }": which day of the month?
day-problem-not-a-day = "{ $text }" is not a day: type 2026-12-01, 12/1/2026 or Dec 1

# The move-in wizard's problems and review
list-and = { $first } and { $last }
movein-field-unit = Unit
movein-move-out-date = Move-out date
movein-problem-no-mover = Choose at least one person moving in
movein-problem-no-unit = Choose a unit
movein-problem-no-room = Unit { $unit } has room for { $room } but { GROUPED($movers) } people are moving in: choose another unit
movein-problem-move-in-required = The move-in date is required
movein-problem-move-out-before = The move-out date must not be before the move-in date
movein-problem-not-a-date = "{ $text }" is not a date: type one such as Nov 28, 2026
movein-problem-negative = "{ $text }" must be zero or more
movein-problem-not-an-amount = "{ $text }" is not an amount (e.g. 3250.00)
movein-review-moves = { $names } { $count ->
        [one] moves
       *[other] move
    } into unit { $unit } at { $community } on { $day }.
movein-review-saved = { $names }: a move-in to unit { $unit } at { $community } on { $day } was saved.
movein-review-no-unit = { $names }: no unit chosen yet.
movein-review-ends = The contract ends on { $day }.
movein-review-money = Monthly fee: { $monthly }; entrance fee: { $entrance }; deposit: { $deposit }.
movein-review-none = none
movein-review-transfer = This is a transfer: their current contracts end on the move-in date.
movein-review-transfer-saved = It was a transfer: their earlier contracts end on the move-in date.
movein-review-activity = A move-in activity will be logged.
movein-review-no-activity = No move-in activity will be logged.
movein-review-activity-saved = A move-in activity was logged.
movein-review-no-activity-saved = No move-in activity was logged.
movein-review-waitlist = The contract is on the waitlist.
movein-review-waitlist-saved = The contract was put on the waitlist.
movein-review-repayable = The deposit is repayable.

# The contact guard's reasons, a family's word, and the lists' "asked to stop" column
word-stop-all = stop all contact
word-stop-calling = stop calling
word-stop-texting = stop texting
word-stop-emailing = stop emailing
word-stop-letters = stop letters
word-may-contact = may contact
word-may-call = may call
word-may-text = may text
word-may-email = may email
word-may-send-letters = may send letters
hold-asked = They asked: { $what }, { $on }. Only their consent lifts it.
hold-asked-by = They asked: { $what }, { $on }, logged by { $by }. Only their consent lifts it.
hold-in-state = in { $state }
hold-no-single-address = where they may be (no single address on file)
hold-closed-day = It is { $holiday ->
        [yes] a holiday
       *[no] Sunday
    } for them { $place } ({ $now }), when the law there allows no { $channel ->
        [text] texts
       *[call] calls
    }.
hold-hours = It is { $now } for them { $place }; { $channel ->
        [text] texts
       *[call] calls
    } are allowed { GROUPED($opens) }–{ $closes }{ $saturday ->
        [yes] { " " }on Saturdays
       *[no] { "" }
    } there.
hold-someone = someone
hold-strictest-state = the strictest state
hold-cap = { GROUPED($count) } calls or texts in the last 24 hours (the last by { $by } at { $last }); { $state } allows { GROUPED($cap) }.
hold-line-until = Held until { $when } (your time): { $reason }
hold-line = Held: { $reason }
stopped-all = Do not contact
stopped-some = No { $channels }
stopped-calls = calls
stopped-texts = texts
stopped-emails = emails
stopped-letters = letters

# Why secrets are kept for this session only
keyring-no-service = this computer has no keyring service; on Linux, install or start GNOME Keyring or KWallet, then restart LeaseDesk
keyring-locked = the keyring is locked or refused access; unlock it, or sign in to the computer again, then restart LeaseDesk
keyring-no-answer = the keyring did not answer; sign in to the computer again, then restart LeaseDesk (the log has its message)
keyring-unusable = the keyring answered in a way LeaseDesk cannot use (the log has its message)
keyring-refused = The keyring refused to store it: it is kept for this session only (the log has its message)
keyring-not-wanted = this run keeps secrets for the session only
users-count = { $count ->
        [one] 1 user
       *[other] { GROUPED($count) } users
    }

# What the window says of a lead: its follow-up standing and its move-in score
lead-lost = closed as lost { $day }
lead-waiting-booked = a visit is booked, nobody has reached out: { $waited } waiting
lead-waiting = nobody has reached out yet: { $waited } waiting
lead-booked = something booked
lead-last-contact = last contact { $day }
follow-up-tip = Until someone reaches out (a call, email, letter or visit; an inquiry or a walk-in is the lead reaching us), the colour is the wait in business hours: amber at half the response target, red past it. Once contacted: green while something is booked ahead or the last contact was recent; amber, then red with no contact for 24, then 48 hours. Both are set in Settings.
score-summary = { $band } · { $likely } likely to move in within 90 days
score-not-known = not known
score-tours = { $count ->
        [0] Not toured yet
        [1] Toured once
        [2] Toured twice
       *[other] Toured { GROUPED($count) } times
    }
score-deposit = Deposit or room reserve taken
score-no-deposit = No deposit or room reserve
score-inquired = Inquired { $days ->
        [0] today
        [1] 1 day ago
       *[other] { $days } days ago
    }
score-last-touch = Last touch { $days ->
        [0] today
        [1] 1 day ago
       *[other] { $days } days ago
    }
score-contacts-in = { $count ->
        [0] No contacts
        [1] 1 contact
       *[other] { GROUPED($count) } contacts
    } from the family
score-contacts-out = { $count ->
        [0] No contacts
        [1] 1 contact
       *[other] { GROUPED($count) } contacts
    } from us
score-missed = { $count ->
        [0] No follow-ups missed
        [1] 1 follow-up missed
       *[other] { GROUPED($count) } follow-ups missed
    }
score-source = Source: { $source }
score-community = Community: { $community }
score-no-contact-yet = No contact from us yet
score-do-reach-out = reach out
score-do-keep-booked = keep the next step booked
score-do-keep-so = keep it so
score-do-catch-up = catch up on them
score-do-reach-again = reach out again
score-do-keep-in-touch = keep in touch
score-ours = { $words }: { GROUPED($todo) }
score-raises = { $words } (raises it)
score-lowers = { $words } (lowers it)

# What a form for a person lacks
person-first-name-required = First name is required
person-last-name-required = Last name is required
person-not-an-email = "{ $text }" is not an email address: write it as name@example.com
person-address-incomplete = An address needs at least a street line and a city
person-no-community = Give access to at least one community
person-no-time-zone = Choose a time zone

# The command line's own messages, and what is said when the window cannot start
cli-wrote-weekly = Wrote the weekly report as of { $as_of } to { $path }
cli-wrote-packs = Wrote { GROUPED($count) } partner packs as of { $as_of } to { $path }
cli-wrote-region = Wrote the region ({ $communities } communities of { $portals } portals{ $unread ->
        [0] { "" }
       *[other] ; { GROUPED($unread) } could not be read
    }) as of { $as_of } to { $path }
cli-wrote-calls = Wrote { GROUPED($calls) } calls with { $numbers } of the portal's numbers to { $path }
cli-not-written = { $path } could not be written: { $error }
start-already-open = LeaseDesk is already open on this computer for this user. Switch to its window (it may be minimised or on another desktop); close it first to start another
start-lock-failed = LeaseDesk could not make sure it is the only one open on its data folder ({ $path }: { $error }). Remove or rename that entry if it is not a file LeaseDesk made, or check the folder's permissions, then start LeaseDesk again
start-no-window = LeaseDesk could not open its window.{ "\u000A" }{ "\u000A" }{ $message }{ "\u000A" }{ "\u000A" }Update the graphics driver, or start LeaseDesk with --renderer { $alt } (or set { $variable }={ $alt }). The log in the data folder has the details.

# A case's status while its move-in day is ahead
case-moving-in = Moving in { $day }
search-via = via { $name }, { $how }
search-in-outbox = in the Outbox
settings-my-portal = My portal

# More of the window's own words
calls-counted-from = Counted from the logged Call In and Call Out activities, by the hour they started in the portal's time zone; a missed call is one the phone system's export says nobody answered (Import calls…). Shaded: office hours (Settings); outlined: the office is closed.
top-signed-in-hint = The user the service knows this connection by: "Me" in the filters, and whose items get reminders
notice-move-in-open = A move-in is already being entered: finish it or choose Start another move-in first
notice-no-connection = There is no saved connection named { $name }
notice-removed = Removed { $name } and its offline copy
notice-prefs-not-saved = Preferences could not be saved to { $path }: { $error }
notice-signed-out = Signed out of { $name }; its offline copy is deleted
notice-not-deleted = Some of what this computer kept for { $name } could not be deleted ({ $error }); close LeaseDesk and try again
search-list-id-number = List id must be a number (got "{ $id }")
outbox-saved-sealed = Saved { $count ->
        [one] 1 change
       *[other] { GROUPED($count) } changes
    } (still encrypted) to { $path }
outbox-not-written = The file could not be written: { $error }. Choose another folder and try again
files-kind-text = Text
files-kind-sealed = Sealed changes

# The Outbox's lines for what waits
outbox-new-unit = New unit { $number } ({ $community })
outbox-new-person = New { $kind } { $name }
outbox-campaign-move = { $name } to { $status } ({ $campaign })
outbox-campaign-add = { $name } added to { $campaign } as { $status }
outbox-admission = { $requirement } { $state ->
        [met] met
        [progress] in progress
       *[not] not met
    } for case { $case } ({ $community })
outbox-activity = { $kind } for { $who }, { $when }
saved-this-run-only = This computer keeps no offline copy, so it is lost if LeaseDesk is closed before it is sent.
api-unauthorized = Access denied: { $message }. Check the subscription key, user name and password in Settings
api-forbidden = Not allowed: { $message }. Check the PortalId in Settings, or ask your administrator for access
api-not-found = Not found: { $message }. The record may have been removed, or it belongs to another portal
api-invalid = The service refused the request: { $message }. Correct it and try again
api-rate-limited-in = The service is busy (rate limit reached). Try again in { $seconds } s
api-rate-limited = The service is busy (rate limit reached). Try again in a moment
api-over-budget = The service sent more than { $limit } MiB for { $what }, more than any portal holds, so LeaseDesk stopped reading. Nothing was written; ask your administrator to check the service
budget-every-case = every case
budget-report-cases = the report's cases
budget-leads = the leads
budget-activities = the activities
budget-team-activities = the team's activities
budget-older-words = the families' older words
api-server = The service failed (HTTP { $status }): { $message }. Try again in a moment; if it keeps failing, contact your administrator
api-status = The service answered HTTP { $status }: { $message }
api-connect = Could not reach the service ({ $detail }). Check your network connection and the base URL in Settings
api-timeout = The service did not answer in time ({ $detail }). Check your network connection and try again
api-tls = A secure connection could not be made ({ $detail }). Check that the base URL is right and uses https
api-dropped = The connection was lost before the answer arrived ({ $detail }). Try again
api-outcome-unknown = No answer came back for this change ({ $detail }), so it is not known whether it was saved. Check the record before trying again
api-decode = The service sent data LeaseDesk could not read (at { $path }: { $detail }). Please report this
api-redirected = The service answered with a redirect (HTTP { $status }) to { $location }, which LeaseDesk does not follow, so your key and password were not sent there. Check the base URL in Settings; if it is right, ask your administrator about the redirect
api-too-large = The service sent an answer larger than { $limit } MiB, which LeaseDesk does not read. Narrow the request (a filter, a smaller page) and try again
api-internal = LeaseDesk failed while handling this request; it has been written to the log. Try again, and report it if it happens again
api-not-connected = LeaseDesk is not connected to the service: the status bar says why. Connect in Settings
api-chosen-offline = You chose Work offline, so the service was not asked: choose Go online in the status bar to ask it
create-not-saved = No answer came back, and the service does not have it: it was not saved. Save again
create-unknown = No answer came back, and it could not be checked whether it was saved ({ $error }). Check the case's activities before saving again
link-training-key-on-live = This is a training key: it opens a class's training server, never the live service. Use the key your administrator gave you for the live service, or the class's address with this one
link-no-key = No subscription key is stored for { $profile }: enter it in Settings
link-sandbox-did-not-start = The embedded sandbox could not start: { $detail }
link-shutting-down = the app is shutting down
api-config = The connection settings are not valid: { $message }. Fix them in Settings
campaigns-not-moved = { $name } could not be moved to { $to }; the card is back in { $from }. { $why }
handoff-no-address = This person has no email address on the case
handoff-bad-address = { $address } is not an email address
handoff-no-number = This person has no phone number on the case
handoff-bad-number = { $number } is not a US phone number (10 digits)
handoff-too-long = The message is too long to hand to your mail or messaging app ({ $chars } characters with its address; the limit is { $limit }): copy it instead
unit-row-invalid = Not sent: { $why }
unit-row-exists = Already exists (unit { $id }); skipped
unit-row-ready = Ready to import
unit-row-created = Created unit { $id }
unit-row-refused = Refused: { $message }
unit-row-not-sent = Not imported: { $why }
unit-row-offline = Saved offline: created when the service can be reached (see Outbox)
unit-required = { $field } is required
unit-no-community = CommunityUnique { $text } is not a community of this portal
unit-not-in-list = { $field } { $id } is not in the list
unit-not-a-number = { $field } { $text } is not a number
unit-number-length = Number must be 1 to 20 characters
unit-name-length = Name must be at most 100 characters
unit-not-an-amount = { $field } { $text } must be a number, zero or more
unit-not-a-capacity = Capacity { $text } must be a whole number from 1 to 20
unit-repeated-number = Number { $number } appears earlier in this file for the same community
unit-unreadable = unreadable row: { $detail }
unit-not-tried = not tried while working offline
unit-ids-mismatch = the service answered with { $ids } ids for { GROUPED($units) } units, so the import stopped to send nothing twice; import the file again to finish
unit-no-id-said = the service's answer did not say which unit it created
unit-file-header = The header row could not be read: { $detail }
unit-file-unknown-column = Unknown column { $name }: the header must use the field names { $fields }
unit-file-missing = The header lacks the required column(s) { $columns }
import-failed-rows = { $count ->
    [one] 1 failed row
   *[other] { GROUPED($count) } failed rows
}
import-new-units-from = { $count ->
    [one] 1 new unit from { $file }
   *[other] { GROUPED($count) } new units from { $file }
}
import-the-file = the file
rules-wider = a community's hours may narrow the law's 8 am–9 pm, never widen it
rules-backwards = the hours must open before they close
rules-start-not-a-time = The start must be a time such as 09:00, not { $text }
rules-end-not-a-time = The end must be a time such as 09:00, not { $text }
rules-not-a-state = State must be a two-letter postal code such as FL, not { $text }
rules-one-time = give both times, or neither to keep the desk's hours
rules-too-many-communities = at most { GROUPED($most) } communities
rules-table-too-long = the table is longer than { $kb } KB
rules-too-many-rows = more than { GROUPED($most) } rows
rules-line = line { $line }: { $problem }
rules-line-state = state must be a two-letter postal code
rules-line-opens = opens must be HH:MM
rules-line-closes = closes must be HH:MM
rules-line-hours = { $state }'s hours must lie within 8:00–21:00 and open before they close
rules-line-cap = cap_24h must be a number from 1
rules-line-no-source = { $state } names no source
rules-line-saturday-times = sat_opens and sat_closes must be HH:MM (or both empty)
rules-line-saturday-hours = { $state }'s Saturday hours must lie within its own and open before they close
plugin-not-https = Only https:// addresses are accepted: the service delivers events over TLS only
plugin-not-an-address = Enter the full address, starting with https://
plugin-no-host = { $address } has no host name
plugin-spaces = The address must not contain spaces
calls-line = line { $line }: { $problem }
calls-too-large = the file is over { $mb } MB
calls-not-text = the file is not text (UTF-8)
calls-empty = the file is empty
calls-header = not a call export: { $detail }
calls-unknown-layout = not a call export: the header is none of the known layouts ({ $layouts }); set which column is which
calls-no-column = not a call export: no column { $name } in the header
calls-not-read = not read: { $detail }
calls-too-many = more than { GROUPED($most) } calls in one file: split it
calls-cell-too-long = the { $what } is over { GROUPED($most) } characters
calls-bad-direction = the direction { $text } is neither in nor out
calls-bad-start = the start { $text } is not a date and time
calls-bad-duration = the duration { $text } is not seconds or h:mm:ss
calls-bad-result = the result { $text } says neither answered nor missed
calls-your-columns = your columns
calls-choose-fact = choose the column that holds the { $fact }
kind-prospect = Prospect
kind-resident = Resident
kind-contact = Contact
kind-referral-source = Referral Source
kind-pre-lead = Pre Lead
rsvp-invited = Invited
rsvp-rsvp = RSVP
rsvp-attended = Attended
rsvp-no-show = No Show
rsvp-cancelled = Cancelled
colour-red-means = Red: waiting past the { $minutes } min response target, or no contact for { $hours } h
colour-amber-means = Amber: waiting half the { $minutes } min response target, or no contact for { $hours } h
colour-green-means = Green: new and inside the { $minutes } min response target, contacted lately, or something booked ahead

## The command line's help and usage errors (src/cli/help.rs); each command's about and each
## argument's help are the messages cli-about-… and cli-arg-… below.
cli-usage = Usage
cli-heading-commands = Commands
cli-heading-arguments = Arguments
cli-heading-options = Options
cli-command-value = COMMAND
cli-arg-help = Print help
cli-arg-version = Print version
cli-about-help = Print this message or the help of the given subcommand(s)
cli-default = [default: { $value }]
cli-choices = [possible values: { $values }]
cli-error-unknown-argument = unexpected argument '{ $arg }' found.
cli-error-unknown-command = unrecognized command '{ $command }'.
cli-error-no-value = a value is required for '{ $arg }' but none was supplied.
cli-error-not-a-choice = invalid value '{ $value }' for '{ $arg }': it takes { $choices }.
cli-error-bad-value = invalid value '{ $value }' for '{ $arg }'.
cli-error-missing = the following required arguments were not provided: { $args }.
cli-error-once = the argument '{ $arg }' cannot be used more than once.
cli-error-conflict = the argument '{ $arg }' cannot be used with '{ $other }'.
cli-error-values = the argument '{ $arg }' was given the wrong number of values.
cli-error-no-command = a command is needed here.
cli-error-not-utf8 = the command line is not valid UTF-8.
cli-error-other = { $detail }
cli-error-did-you-mean = Did you mean { $suggestion }?
cli-error-see-help = See `{ $command } --help`.

## `leasedesk sandbox` and the training class it serves (`--trainees N`): what the console says.
sandbox-listening = LeaseDesk sandbox (v3) listening
sandbox-base-url = base URL:
sandbox-demo-portal = demo portal:
sandbox-second-portal = second portal:
sandbox-training-key = training key:
sandbox-both-portals = { $key } (both portals)
sandbox-demo-login = demo login:
sandbox-database = database:
sandbox-in-memory = in memory
sandbox-openapi = OpenAPI document:
sandbox-key-not-printed = the one you gave (not printed)
sandbox-press-ctrl-c = Press Ctrl-C to stop.
sandbox-stopping = Stopping…
sandbox-no-data-folder = No data directory could be found; pass --db PATH or --in-memory
sandbox-exposed = Warning: listening on { $address } exposes the sandbox (plain http, published demo keys) beyond this computer
sandbox-no-runtime = Could not start the async runtime: { $error }
class-listening = LeaseDesk training class listening
class-base-url = base URL:
class-trainees = trainees:
class-trainees-value = { GROUPED($trainees) } (portals { $first } to { $last }), the trainer's portal { $trainer }
class-scenario = scenario:
class-sheet = class sheet:
class-sheet-value = { $path } and .pdf (each seat's key, login and password; readable by you only)
class-health = health check:
class-reset = reset:
class-reset-value = LEASEDESK_SUBSCRIPTION_KEY=<trainer's key> leasedesk --base-url { $url } --portal { $portal } training reset [--trainee N]
class-nightly = Every portal is reset to the scenario at midnight.
class-plain-http = Warning: plain http beyond this computer: desks other than this one connect only over https (give --tls-cert and --tls-key)
class-no-data-folder = no data folder could be found; pass --class-dir
class-sheet-not-written = the class sheet could not be written: { $error }
class-not-reset = the class could not be reset: { $error }
class-reset-one = Reset trainee { $trainee }'s portal to the scenario ({ $scenario }) in { $ms } ms
class-reset-all = Reset { $portals } portals to the scenario ({ $scenario }) in { $ms } ms
class-grade-out = --out must end in .pdf or .csv
class-not-read = the class could not be read (is this the trainer's key?): { $error }
class-portal-not-read = a trainee's portal could not be read: { $error }
class-graded = Graded { GROUPED($trainees) } trainees ({ GROUPED($done) } of { GROUPED($tasks) } tasks done) in { $seconds } s into { $path }

## The commands and arguments of the command line (`leasedesk --help`): the English is
## main.rs's doc comments as clap shows them (a test holds them equal).
cli-about = LeaseDesk: leads, residents and occupancy for senior-living communities
cli-arg-verbose = Log to the console as well
cli-arg-base-url = The service's base URL (with --portal; the key comes from LEASEDESK_SUBSCRIPTION_KEY)
cli-arg-portal = The portal number (with --base-url)
cli-arg-profile = A profile saved in the app's Settings (its secrets come from the keyring)
cli-arg-renderer = How to draw the window: auto (each in turn until one works), wgpu, gl or glow. Also LEASEDESK_RENDERER
cli-about-sandbox = Run the local v3 sandbox service (demo data, no credentials needed)
cli-arg-sandbox-addr = Address to listen on. Loopback by default: the sandbox is not meant to be exposed
cli-arg-sandbox-db = Database file (default: sandbox.db in the OS data directory)
cli-arg-sandbox-in-memory = Keep everything in memory; nothing is written to disk
cli-arg-sandbox-seed = Data for a new database
cli-arg-sandbox-key = Subscription key for the demo portal instead of the published one. Prefer the environment variable LEASEDESK_SANDBOX_KEY: a command line is visible to other users
cli-arg-sandbox-trainees = A training class: a portal per trainee (1 to 60) and one for the trainer, each in a database of its own in --class-dir, with a class sheet of their keys and logins
cli-arg-sandbox-class-dir = The class's folder (default: `class` in the data folder)
cli-arg-sandbox-tls-cert = Serve the class over https with this PEM certificate chain (with --tls-key): desks on other computers connect only over https
cli-arg-sandbox-tls-key = The PEM private key of --tls-cert
cli-about-report = Write a report without opening the window (for scheduled jobs)
cli-about-report-weekly = Occupancy, the 90-day census forecast, the sales funnel, the week's moves and the admissions queue
cli-arg-report-weekly-out = The file to write (written whole or not at all)
cli-arg-report-weekly-community = One community, by its unique name (default: all)
cli-arg-report-weekly-as-of = The day the report is about (default: today)
cli-arg-report-weekly-format = The file's format
cli-arg-report-weekly-paper = The paper size of a PDF
cli-arg-report-weekly-language = The language a PDF is written in (default: the system's, when LeaseDesk speaks it; English otherwise). JSON and CSV keep their names whatever it is
cli-arg-report-weekly-keep-umask = Give the file the permissions your umask gives new files (by default it is readable by you only: it names residents)
cli-about-report-partners = Each referral partner's pack (what is free and coming free, where their families stand), a file each, into a folder
cli-arg-report-partners-out = The folder the packs are written to (it must exist); each file is written whole or not at all
cli-arg-report-partners-community = One community, by its unique name (default: all)
cli-arg-report-partners-as-of = The day the packs are about (default: today)
cli-arg-report-partners-format = The files' format
cli-arg-report-partners-paper = The paper size of a PDF
cli-arg-report-partners-language = The language the PDFs are written in (default: the system's, when LeaseDesk speaks it; English otherwise)
cli-arg-report-partners-keep-umask = Give the files the permissions your umask gives new files (by default they are readable by you only)
cli-about-report-region = A row per community of every saved connection (or of the sandbox's two demo portals): occupancy now and ahead, the funnel, speed to lead, the team score
cli-arg-report-region-out = The file to write (written whole or not at all)
cli-arg-report-region-as-of = The day the roll-up is about (default: today)
cli-arg-report-region-format = The file's format
cli-arg-report-region-paper = The paper size of a PDF
cli-arg-report-region-language = The language the PDF is written in (default: the system's, when LeaseDesk speaks it; English otherwise)
cli-arg-report-region-keep-umask = Give the file the permissions your umask gives new files (by default it is readable by you only)
cli-about-report-score-check = How well the move-in score predicted the portal's last six months (a table on stdout)
cli-arg-report-score-check-as-of = The day to check as of (default: today)
cli-about-calls = A phone system's calls: matched to cases and logged
cli-about-calls-import = Read a call export (CSV), log each call matched to a case once (importing the same calls again logs nothing), and list the numbers that match no one and the missed calls not returned
cli-arg-calls-import-file = The phone system's export (RingCentral, 3CX or LeaseDesk's own columns are known)
cli-arg-calls-import-columns = Which column is which, for another layout: "caller=From,callee=To,start=Date,time=Time,duration=Secs,direction=Dir,answered=Result" (time only when the day and the time are in two columns)
cli-arg-calls-import-zone = The phone system's time zone, for times written without an offset (default: this computer's)
cli-about-calls-demo-export = Write two weeks of made-up calls with the portal's people (the demo's by default), to try an import
cli-arg-calls-demo-export-out = The file to write (written whole or not at all)
cli-about-audit = Who saw whom: the desk's access log verified, or listed for a period, case or user
cli-about-audit-verify = Check the whole access log: exit 0 when whole, 1 naming the first entry altered, removed, reordered or cut
cli-arg-audit-verify-dir = The log's folder (default: the data folder's `audit`)
cli-about-audit-report = List the access log's entries (the log must verify first)
cli-arg-audit-report-dir = The log's folder (default: the data folder's `audit`)
cli-arg-audit-report-from = The first day (YYYY-MM-DD, UTC)
cli-arg-audit-report-to = The last day (YYYY-MM-DD, UTC)
cli-arg-audit-report-case = One case's entries
cli-arg-audit-report-user = One user's entries
cli-arg-audit-report-sort = The order of the rows
cli-arg-audit-report-format = The file's format
cli-arg-audit-report-out = The file to write (written whole or not at all; default: stdout)
cli-about-contact = Contacting families lawfully: the contact guard asked, a family's opt-out logged
cli-about-contact-check = Whether someone of a case may be called, texted, emailed or written to at a moment: { "{" }"allowed": bool, "reason": text, "next_allowed": time or null{ "}" } on stdout (exit 0 whether allowed or held)
cli-arg-contact-check-case = The case's number
cli-arg-contact-check-channel = call, text, email or letter
cli-arg-contact-check-at = The moment (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now)
cli-arg-contact-check-person = Someone of the case by individual id (default: the case's person)
cli-arg-contact-check-zone = The community's time zone (default: this computer's)
cli-arg-contact-check-format = The output's format
cli-about-contact-opt-out = Log that someone of a case asked not to be contacted on a channel (or at all)
cli-arg-contact-opt-out-case = The case's number
cli-arg-contact-opt-out-channel = call, text, email, letter or all
cli-arg-contact-opt-out-how = How they said it ("replied STOP", "asked on a call", "texted START")
cli-arg-contact-opt-out-at = When they said it (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now)
cli-arg-contact-opt-out-person = Someone of the case by individual id (default: the case's person)
cli-arg-contact-opt-out-zone = The desk's time zone, for the activity's time (default: this computer's)
cli-about-contact-consent = Log that someone of a case consented to be contacted on a channel (or on all): it lifts an earlier opt-out of that channel
cli-arg-contact-consent-case = The case's number
cli-arg-contact-consent-channel = call, text, email, letter or all
cli-arg-contact-consent-how = How they said it ("replied STOP", "asked on a call", "texted START")
cli-arg-contact-consent-at = When they said it (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now)
cli-arg-contact-consent-person = Someone of the case by individual id (default: the case's person)
cli-arg-contact-consent-zone = The desk's time zone, for the activity's time (default: this computer's)
cli-about-contact-import-replies = Read a messaging tool's log of texts received (CSV: from, at, text) and log each stop reply (STOP, UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL, REVOKE, OPTOUT) once as the sender's opt-out of texts; importing the same log again logs nothing
cli-arg-contact-import-replies-file = The log (CSV with the columns from, at, text)
cli-arg-contact-import-replies-zone = The zone of times written without an offset (default: this computer's)
cli-about-outreach = The team's outreach: every contact due, with the contact guard's answer
cli-about-outreach-due = Every contact the lists would have the team make at a moment (new leads' first calls, missed calls to return, follow-up plan steps), each with "allowed", "reason" and "next_allowed", as JSON on stdout
cli-arg-outreach-due-as-of = The moment (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now)
cli-arg-outreach-due-zone = The communities' time zone (default: this computer's)
cli-arg-outreach-due-format = The output's format
cli-about-training = The trainer's class (`sandbox --trainees N`): reset portals, grade the exam. Give the class's --base-url, the trainer's --portal and the trainer's key in LEASEDESK_SUBSCRIPTION_KEY
cli-about-training-reset = Puts one trainee's portal (or the whole class's) back to the scenario's morning
cli-arg-training-reset-trainee = The trainee's number on the class sheet, 1 to 60 (default: the whole class)
cli-about-training-grade = Grades every trainee's exam from what they wrote: a class table and a page each
cli-arg-training-grade-out = The file to write: .pdf (a page per trainee) or .csv (the class table)

## `leasedesk audit`: the access log verified and reported (src/cli/audit.rs, the report's PDF).
access-title = Access log
access-entries-of = Entries of { GROUPED($asked) }: { GROUPED($entries) }.
access-col-entry = Entry
access-col-when = When (UTC)
access-col-user = User
access-col-what = What
access-col-case = Case
access-col-detail = Detail
access-how-kept = Each desk keeps its own log, sealed with a key in its keyring and chained entry to entry, so an entry changed, removed, moved or cut off is found by leasedesk audit verify. It holds case numbers, the user signed in and what was done, never a resident's or family's name or details.
access-footer = LeaseDesk · access log · made { GROUPED($made) }
audit-no-data-folder = no data folder here: give --dir
audit-no-log = { $dir } holds no access log
audit-no-key = the log cannot be checked: { $error }
audit-key-bad-variable = { $variable } must be 64 hexadecimal digits
audit-key-damaged = the access log's key in the keyring is damaged
audit-key-missing = no access log key on this computer (the keyring has none and { $variable } is not set)
audit-not-whole = The access log is not whole: { $broken }
audit-not-whole-no-report = The access log is not whole, so no report is made: { $broken }
audit-whole = The access log is whole: { GROUPED($entries) } { $entries ->
    [one] entry
   *[other] entries
  } in { GROUPED($files) } { $files ->
    [one] file
   *[other] files
  } (entries { $first } to { $last }).
audit-altered = entry { $entry } ({ $file }) was altered
audit-removed = entry { $entry } ({ $file }) was removed
audit-reordered = entry { $entry } ({ $file }) is out of order
audit-truncated = the log was cut: entries from { $entry } on are missing ({ $file })
audit-what-case-opened = case opened
audit-what-person-shown = person's details shown
audit-what-exported = export
audit-what-printed = print
audit-what-handed-off = outreach handed to the OS
audit-what-override-refused = guard override refused
audit-what-log-started = log started
audit-what-log-stopped = log stopped
audit-what-log-rotated = log rotated
audit-too-many = { GROUPED($entries) } entries are too many for a PDF (at most { GROUPED($most) }): narrow it with --from, --to, --case or --user, or ask for --format csv
audit-period-from-to = { $from } to { $to }
audit-period-from = { $from } on
audit-period-to = every day kept to { $to }
audit-period-all = every day kept
audit-narrowed-case = case { $case }
audit-narrowed-user = user { $user }

## The training class's exam and class sheet (PDFs of `training grade` and `sandbox --trainees`).
exam-title = Training class: the exam
exam-graded-from = { GROUPED($trainees) } trainees, graded from what each wrote in their own portal (scenario { $scenario }).
exam-the-tasks = The tasks: { GROUPED($tasks) }.
exam-done-of = { GROUPED($done) } of { GROUPED($tasks) }
exam-col-trainee = Trainee
exam-col-login = Login
exam-col-done = Done
exam-col-still-to-do = Tasks still to do
exam-trainee-heading = Trainee { $trainee }: { $login }
exam-portal-done = Portal { $portal }: { GROUPED($done) } of { GROUPED($tasks) } tasks done.
exam-col-task = Task
exam-col-mark = Mark
exam-footer = LeaseDesk · TRAINING · exam graded { GROUPED($made) }
exam-task-harold-call = Log Harold Finch's overdue call as made
exam-task-harold-next-step = Book Harold Finch's next step
exam-task-margaret-call = Log Margaret Okafor's overdue call with its result
exam-task-walter-tour = Book Walter Brennan's tour without a clash
exam-task-lucia-added = Add Lucia Alvarez to her mother Rosa's case
exam-task-edna-lost = Close Edna Pruitt as a lost lead, with a reason
exam-task-jean-entered = Enter the new lead Jean Baptiste, with a phone number
exam-task-open-house = RSVP two families to the spring open house
exam-task-tb-test = Mark Evelyn Hart's TB test met, with a note
exam-mark-done = done
exam-mark-not-done = not done
exam-mark-wrong = wrong: { $why }
exam-wrong-call-without-result = the call was logged without its result
exam-wrong-not-a-call-made = something was logged, but not a call made
exam-wrong-next-step-before-call = the next step is due before the call it follows
exam-wrong-tour-clash = the tour clashes with { $with }'s at { $at }
exam-wrong-rosas-case-gone = Rosa Alvarez's case is gone
exam-wrong-lucia-on-her-own = Lucia was entered as a case of her own, not in her mother's
exam-wrong-lost-without-reason = closed as lost without a reason
exam-wrong-no-phone = entered without a phone number
exam-wrong-entered-times = entered { GROUPED($times) } times
exam-wrong-means-not-yet = saved as "{ $result }", which means not yet
exam-wrong-met-without-note = marked met without a note
exam-wrong-no-campaign = the campaign is not there
exam-wrong-one-family-of-two = one family of two
class-sheet-title = Training class: the class sheet
class-sheet-how = In LeaseDesk, Settings, New profile: the service address { $address }, your portal, your subscription key, and your login and password. Keep your row to yourself.
class-sheet-col-seat = Seat
class-sheet-col-portal = Portal
class-sheet-col-password = Password
class-sheet-col-key = Subscription key
class-sheet-footer = LeaseDesk · TRAINING · class sheet
class-sheet-trainer = Trainer

## The window's title, what a hand-off, the waitlist and My day say when they are not the usual (stop 80)
window-title-sandbox = LeaseDesk — portal { $portal } (sandbox, demo data)
window-title-training = LeaseDesk — TRAINING — { $profile } (portal { $portal })
window-title-portal = LeaseDesk — { $profile } (portal { $portal })
window-title-connecting = LeaseDesk — connecting to { $label }…
window-title-failed = LeaseDesk — { $label }: not connected
hand-off-no-app = No app on this computer opens { $scheme }: links. Copy the message instead, or set a default app for it in the system's settings
waitlist-still-filling = The waitlist is read from this desk's offline copy, which is still filling (the first sync); it shows once the sync is done.
myday-plan-steps-tip = Steps of the follow-up plans started on your leads (on the case: Follow-up plan), due today or overdue, on the community's business days. A step is done by the call, email or letter logged for it, and skipped once the family answers.
myday-new-leads-tip = Your leads from the last 7 days nobody has called, emailed or met yet, oldest first. Amber at half the response target, red at it (Settings).
settings-portal-id-not-number = The PortalId of { $name } is not a number: fix it in Settings
sources-rent-unknown = { $count ->
        [one] 1 move-in has no contract rent on record: its share-of-rent fee is not counted
       *[other] { GROUPED($count) } move-ins have no contract rent on record: their share-of-rent fee is not counted
    }
files-what-letter = the letter
files-what-occupancy-summary = the occupancy summary
files-what-units = { $count ->
        [one] 1 unit
       *[other] { GROUPED($count) } units
    }
files-what-members = { $count ->
        [one] 1 member
       *[other] { GROUPED($count) } members
    }
letter-file-name = Letter { $name } { $day }.pdf

## Other words the palette finds a command by
command-also-nav-calendar = my day today agenda schedule tours appointments tasks follow-ups overdue week month
command-also-nav-sales = report weekly funnel figures conversion dashboard
command-also-nav-search = cases leads people prospects residents find
command-also-nav-inventory = units occupancy census vacancy apartments
command-also-nav-move-in = move in admit contract transfer
command-also-nav-admissions = checklist requirements move in
command-also-nav-campaigns = events rsvp invitations
command-also-nav-outbox = queue unsent offline waiting
command-also-nav-settings = preferences options profile connection key
command-also-focus-search = find lookup
command-also-new-individual = add walk-in inquiry lead prospect
command-also-log-activity = call tour visit note email appointment
command-also-export-search-csv = save spreadsheet download
command-also-import-calls = phone calls export log missed ringcentral 3cx
command-also-export-weekly-report = report weekly pdf print meeting occupancy funnel
command-also-log-outcome = outcome result follow up followed next step
command-also-close-lost = lost close dead gone competitor lose
command-also-schedule-tour = tour visit book show around appointment
command-also-start-move-in = move in admit contract unit
command-also-draft-message = email text sms call phone letter mail write template
command-also-help = guide manual about version
command-also-check-for-updates = update upgrade new version install
portal-label-training = TRAINING · { $profile } (portal { $portal })
cli-label-training = TRAINING · { $label }

## The command line's failures and what its commands report (stop 80)
cli-portal-not-read = the portal could not be read: { $error }
cli-copy-not-read = the offline copy is not read: { $error }
cli-copy-not-synced = the offline copy could not be brought up to date: { $problem }
cli-portal-not-reached = the portal could not be reached: { $error }
cli-copy-sync-too-long = the offline copy's sync took longer than an hour
cli-copy-unreadable = the offline copy could not be read: { $error }
cli-copy-not-whole = the offline copy does not yet hold every family's word (its first fill, or the older words, are still to come)
cli-no-portal-read = no portal could be read ({ $portal }: { $why })
cli-sandbox-not-started = the embedded sandbox did not start: { $error }
cli-file-not-read = { $name } cannot be read: { $error }
cli-file-too-large = { $name } is over { $megabytes } MB: split it
cli-no-phone-numbers = the portal's people have no phone numbers to call
cli-bad-channel = --channel must be call, text, email or letter{ $all ->
        [yes] { " " }(or all)
       *[no] { "" }
    }, not { $text }
cli-bad-moment = { $option } must be a moment such as 2026-11-28T19:30:00-05:00 or 2026-11-28T19:30, not { $text }
cli-bad-case = --case must be a case number, not { $text }
cli-no-such-case = there is no case { $case } on { $portal }
cli-case-not-read = case { $case } could not be read: { $error }
cli-not-in-case = individual { $id } is not in case { $case }
cli-case-empty = case { $case } has nobody in it
cli-activities-not-read = the case's activities could not be read: { $error }
cli-addresses-not-read = the person's addresses could not be read: { $error }
cli-types-not-read = the portal's activity types could not be read: { $error }
cli-no-preference-type = this portal has no activity type to record a preference with
cli-opt-out-not-logged = the opt-out could not be logged: { $error }
cli-opt-out-logged = Logged on case { $case } as activity { $activity }: { $description }{ "\u000A" }
cli-no-stop-replies = { $count ->
        [one] 1 message read
       *[other] { GROUPED($count) } messages read
    }; none is a stop reply: nothing logged.{ "\u000A" }
cli-opt-outs-stopped = { GROUPED($logged) } opt-outs logged, then line { $line }'s could not be: { $error }
cli-stop-replies-read = { $count ->
        [one] 1 message read
       *[other] { GROUPED($count) } messages read
    }, { $stops ->
        [one] 1 stop reply
       *[other] { GROUPED($stops) } stop replies
    }: { $logged ->
        [one] 1 opt-out
       *[other] { GROUPED($logged) } opt-outs
    } logged now, { $already } already recorded.{ "\u000A" }
cli-stop-replies-unknown = { $count ->
        [one] 1 from a number no case has
       *[other] { GROUPED($count) } from numbers no case has
    } ({ $count ->
        [one] line
       *[other] lines
    } { GROUPED($lines) }).{ "\u000A" }
cli-stop-replies-several = { $count ->
        [one] 1 from a number on several cases
       *[other] { GROUPED($count) } from numbers on several cases
    }, not logged: sort them out by hand ({ $count ->
        [one] line
       *[other] lines
    } { GROUPED($lines) }).{ "\u000A" }
cli-profile-or-url = give either --profile or --base-url with --portal, not both
cli-url-and-portal = --base-url and --portal go together
cli-key-in-environment = set the subscription key in the environment variable { $variable }
cli-bad-portal = --portal must be a portal number, not { $text }
cli-training-key-live = this is a training key: it opens a class's training server, never the live service
cli-sign-in-failed = signing in failed: { $error }
cli-bad-date = { $option } must be a date written YYYY-MM-DD, not { $text }
cli-date-out-of-range = { $option } must be a date from 1900 to 2200, not { $text }
cli-out-not-a-file = --out must name a file, not { $text }
cli-no-such-folder = the folder { $folder } does not exist
cli-out-not-a-folder = --out must name a folder that exists, not { $text }
cli-region-no-connection = report region reads every saved connection (or the sandbox's two demo portals): give no --profile, --base-url or --portal
cli-no-partners = the portal has no referral partners: mark a paid source in Settings, or give a Referral Source person the partner's market source
cli-no-profiles = no saved profile is named { $name } (saved: none)
cli-no-such-profile = no saved profile is named { $name } (saved: { GROUPED($saved) })
cli-keyring-unreadable = the keyring could not be read for { $name } ({ $error }): unlock your desktop's keyring (or set { $variable }) and run again
cli-no-key = no subscription key for { $name }: save it in the app's Settings or set { $variable }
score-check-head = Move-in score, { $portal } as of { $day }: { GROUPED($scored) } active leads scored; fitted on { GROUPED($fitted) } leads on past days, { $rate } of whom moved in within 90 days.{ "\u000A" }
score-check-too-short = No check: the past before the last six months is too short to fit on.{ "\u000A" }
score-check-held-out = Held out: leads as of { $from } to { $to }, scored by a fit on the { GROUPED($fitted) } before; { $rate } moved in within 90 days.{ "\u000A" }{ "\u000A" }| Tenth | Leads | Predicted | Moved in |{ "\u000A" }|---|---|---|---|{ "\u000A" }
score-check-lift = { "\u000A" }The top tenth moved in { $lift } times as often as the held-out leads on average.{ "\u000A" }
cli-runtime-not-started = the async runtime did not start: { $error }
cli-bad-renderer = { $option } must be auto, wgpu, gl or glow, not { $text }
cli-pdf-needs-out = a PDF is written to a file: give --out FILE
cli-bad-zone = --zone must be a time zone such as America/Chicago, not { $text }
cli-file-too-big = { $name } is too large: split it
cli-training-needs-class = training needs the class's --base-url, the trainer's --portal and the trainer's key in { $variable }

cli-calls-several = { $count ->
    [one] 1 number is
   *[other] { GROUPED($count) } numbers are
  } on more than one case (not logged):
cli-calls-several-line = { "  " }{ $number }: lines { GROUPED($lines) }
cli-calls-unmatched = { $count ->
    [one] 1 number matches
   *[other] { GROUPED($count) } numbers match
  } no one (create them with New individual):
cli-calls-unmatched-line = { "  " }{ $number }: { $calls ->
    [one] 1 call
   *[other] { GROUPED($calls) } calls
  }, { GROUPED($inbound) } in (first on line { $line })
cli-calls-no-missed = No missed call is waiting to be returned.
cli-calls-missed = { $count ->
    [one] 1 missed call is
   *[other] { GROUPED($count) } missed calls are
  } waiting to be returned:
cli-calls-missed-line = { "  " }{ $case } { $lead } ({ $who } from { $number }) at { $at }
cli-calls-no-type = the portal has no activity type for { $which }: add one in the portal's type lists
cli-calls-service-failed = { $error } ({ GROUPED($logged) } calls were logged first; importing the file again logs the rest, none twice)

## Where a sync is (the status bar, Settings)
sync-step-units = Syncing units and contracts
sync-step-lists = Syncing lists, users and campaigns
sync-step-members = Syncing campaign members
sync-step-cases = Syncing cases: page { $page } of { GROUPED($pages) }
sync-step-changed-cases = Syncing changed cases: { GROUPED($done) } of { GROUPED($count) }
sync-step-new-cases = Syncing new cases: { GROUPED($done) } of { GROUPED($count) }
sync-step-changed-activities = Syncing activities changed since the last sync
sync-step-activities = Syncing activities: { GROUPED($done) } of { $months } months
sync-step-older-words = Reading the families' older words on being contacted
sync-step-checklists = Syncing admission checklists: { GROUPED($done) } of { GROUPED($count) }

sync-connection-changed = another connection was chosen meanwhile

## Why the offline copy is kept for this run only, set aside, or in trouble (Settings, the status bar)
copy-not-kept-no-folder = no data folder
copy-not-kept-not-wanted = its profile does not keep one: tick it when editing the profile
copy-not-kept-no-keyring = this computer has no keyring to hold its key
copy-not-kept-keyring-unreadable = the keyring could not be read, so the copy's key is not known: nothing kept on this computer was changed
copy-not-kept-key-missing = this computer's key for it is missing, and { $count ->
        [one] 1 saved change
       *[other] { GROUPED($count) } saved changes
    } cannot be opened without it (Outbox)
copy-not-kept-no-key-made = no key could be made
copy-not-kept-key-refused = the keyring refused its key
copy-not-kept-outbox-rolled-back = its outbox file is older than the last one this computer wrote, so it was set aside unsent (it may hold changes already sent)
copy-not-kept-outbox-unopened = its outbox file could not be opened
copy-not-kept-file-unopened = its file could not be opened
copy-not-kept-removed = removed from this computer
copy-set-aside-damaged = The offline copy on this computer was damaged, so it was set aside and is being filled again from the service. Changes waiting to be sent are kept apart and were not touched.
copy-set-aside-damaged-kept = The offline copy on this computer was damaged, so it was set aside (kept as { $file }) and is being filled again from the service. Changes waiting to be sent are kept apart and were not touched.
copy-set-aside-other-origin = This profile's offline copy was filled from another service or portal than the one it names now, so it was set aside (kept beside the new one, for 30 days) with any changes it held unsent: nothing of it is shown or sent here. The copy is being filled again from the service.
copy-unsent-before-remove = ⚠ { $count ->
        [one] 1 saved change is
       *[other] { GROUPED($count) } saved changes are
    } not sent: send them, or confirm discarding them, before removing the offline copy
copy-not-removed = ⚠ The offline copy could not be removed: { $error }
status-copy-problem = ⚠ offline copy

## Why an update was not taken
update-refusal-no-key = this LeaseDesk was built without an update key, so it cannot check updates; your IT installs new versions
update-refusal-plain-http = the update feed { $address } is a plain http:// address; LeaseDesk reads updates only over https:// (or from this computer). Ask IT for the https address
update-refusal-not-an-address = the update feed address { $address } is not a web address (https://…)
update-refusal-unreadable = the update feed could not be read ({ $why }); nothing was downloaded
update-refusal-bad-signature = the update feed's signature does not verify with LeaseDesk's update key: it was changed or is not your IT's. Nothing was downloaded; tell IT
update-refusal-expired = the update feed expired on { $on } (UTC): it may have been held back. Nothing was downloaded; tell IT to publish it again
update-refusal-replayed = the update feed is number { $sequence }, older than number { GROUPED($seen) } read before: an old feed was sent again. Nothing was downloaded; tell IT
update-refusal-other-product = the update feed is for { $product }, not LeaseDesk; nothing was downloaded
update-refusal-older = the update feed offers version { GROUPED($offered) }, older than this LeaseDesk ({ $current }); an older version is never installed
update-refusal-nothing-here = version { $version } has no installer for this system in the feed; ask IT
update-refusal-hash-mismatch = the downloaded installer of version { $version } does not match the signed feed (its SHA-256 differs); it was deleted and will not be installed. Tell IT
update-refusal-too-large = the download of version { $version } is larger than the signed feed says; it was stopped and deleted
update-refusal-download = the installer of version { $version } could not be downloaded: { $reason }
update-refusal-disk = the downloaded update could not be kept: { $why }
update-unreached-redirected = it redirected elsewhere than an https:// address (or too many times); nothing was read from there
update-unreached-timed-out = it did not answer in time
update-unreached-not-reached = it could not be reached
update-unreached-connection-failed = the connection failed
update-unreached-answered = the server answered { $status }
update-unreached-too-long = it took longer than 30 minutes; it was stopped and deleted
update-unreached-no-folder = no data folder to download into
update-feed-too-large = it is larger than a feed
update-feed-not-a-feed = it is not a LeaseDesk update feed
update-feed-manifest = its signed manifest is not one LeaseDesk reads
update-feed-version = its version is not a version
update-feed-installer = its installer entry is not one LeaseDesk reads
update-feed-expiry = its expiry is not a time
cli-no-community-named = no community has the unique name { $name } (known: { GROUPED($known) })
cli-report-service-failed = the service could not be read: { $error }
region-short-of-base = Short of { $short } of the { $measured } benchmarks this community can be measured on.
region-short-of-named = Short of { $short } of the { $measured } benchmarks this community can be measured on: { $names }.
region-not-measured = Not measured (nothing to count yet): { $names }.
duplicate-same-email = same email
duplicate-same-phone = same phone
duplicate-same-name = same name
duplicate-swapped-name = same name, first and last swapped
plan-name-new-lead = New lead
plan-name-after-tour = After a tour
plan-name-gone-quiet = Gone quiet
draft-no-type = Choose an activity type
draft-no-who = Choose who the activity is for
draft-bad-date = Date must be a day such as { $example } (got { $text })
draft-bad-start-time = Start time must look like { $example } or 14:30 (got { $text })
draft-bad-end-time = End time must look like { $example } or 14:30 (got { $text })
draft-end-before-start = End time must not be before the start time
draft-bad-completed-at = Completed at must be a day and time such as Nov 21, 2026 2:30 pm (got { $text })
draft-incomplete = The form is incomplete
draft-no-such-start = That start time does not exist on that day (clock change)
tour-problem-community = Community: Choose the community to tour
tour-problem-day = Date: Choose the day of the tour
tour-problem-time = Time: Choose the time of the tour
tour-problem-guide = Assigned to: Choose who gives the tour
tour-problem-no-such-time = Time: That time does not exist on that day (the clocks change)
referral-known-since = Known since { $day } at { $community }: a referral fee may not be owed
referral-known-since-via = Known since { $day } via { $source } at { $community }: a referral fee may not be owed
cli-replies-not-read = { $name } { $problem }
cli-replies-too-big = is over { $mb } MB: split it
cli-replies-no-header = has no header line: { $detail }
cli-replies-no-column = line 1: needs the columns from, at and text (no { $name })
cli-replies-bad-line = line { $line }: { $detail }
cli-replies-too-many = holds more than { GROUPED($most) } messages: split it
cli-replies-cell-too-long = line { $line }: a cell is over { GROUPED($most) } characters
cli-replies-bad-time = line { $line }: at must be a time such as 2026-11-20 15:04 or 2026-11-20T15:04:00-05:00, not { $text }
cli-replies-no-sender = line { $line }: from is empty
portal-name-sandbox = Demo portal (embedded sandbox)
portal-name-second-sandbox = Harbor Light demo portal (embedded sandbox)
address-primary = Primary
address-secondary = Secondary
tour-their-day-of-undated = { $name }'s day
tour-their-day-undated = Their day
tour-choose-a-day = Their activities show once the day is a day of the calendar.
benchmark-by-occupancy = NIC MAP, 31 primary markets (assisted living alone: 87.7%)
benchmark-by-inquiry-to-tour = Bild & Co, 18 states, new leads to tour
benchmark-by-bild = Bild & Co, 18 states
benchmark-by-days-to-move-in = Senior Housing News
benchmark-by-first-contact = A Place for Mom's partner standard
benchmark-by-moves = NIC MAP, assisted living
benchmark-when-occupancy = 4Q 2025
benchmark-when-days-to-move-in = March 2023
benchmark-when-moves = December 2025
