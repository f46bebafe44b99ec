#!/usr/bin/python3
"""Walks LeaseDesk's accessibility tree as a screen reader (Orca) reads it, through AT-SPI, over
every pane and the dialogs of each role's job, and fails on what a screen-reader user could not
use: a button, field, check box or list item without a name, or a colour said without what it
means ("Green" rather than "Green: last contact 2 days ago"); and on a control on screen smaller
than 24×24 px without the room around it WCAG 2.5.8 asks.

Run by run.sh (which starts the display, the accessibility bus and the app); it prints every
finding and exits 1 if there is one.
"""

import sys
import time

import pyatspi
from gi.repository import GLib

# What the app said aloud (AT-SPI's object:announcement, from its polite live regions).
HEARD = []
# How many controls on screen each look measured (WCAG 2.5.8), and each one's smaller side.
TARGETS = []
SMALLEST = []


def heard(event):
    HEARD.append(str(event.any_data or ""))


def pump():
    """Delivers the accessibility events that arrived (the walk has no main loop of its own)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)




def wait_to_hear(words, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        pump()
        if any(words in said for said in HEARD):
            return
        time.sleep(0.2)
    sys.exit(f"waited {timeout} s to hear {words!r}; heard {HEARD!r}")


# Roles a user acts on: each needs a name.
NAMED = {
    "push button", "toggle button", "check box", "radio button", "entry", "text",
    "password text", "combo box", "list item", "menu item", "link", "slider",
    "spin button", "page tab", "check menu item", "radio menu item", "tree item", "table row",
}
COLOURS = {"Red", "Amber", "Green", "Grey"}
MAX_NODES = 20000


def nodes(root):
    """Every node under `root` with its role and name (a bounded walk)."""
    out, stack = [], [root]
    while stack and len(out) < MAX_NODES:
        node = stack.pop()
        try:
            role, name, count = node.getRoleName(), node.name or "", node.childCount
        except Exception:  # a node gone while walking: the frame moved on
            continue
        out.append((node, role, name))
        for i in reversed(range(count)):
            try:
                child = node.getChildAtIndex(i)
            except Exception:
                child = None
            if child is not None:
                stack.append(child)
    return out


def find_app(timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and (app.name or "").lower() == "leasedesk":
                return app
        time.sleep(0.5)
    sys.exit("LeaseDesk never appeared on the accessibility bus")


def wait_for(app, what, test, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = [n for n in nodes(app) if test(n)]
        if found:
            return found[0][0]
        time.sleep(0.5)
    # Dialogs' names only: they say where the walk is and carry no one's name.
    dialogs = [n[2] for n in nodes(app) if n[1] == "dialog"]
    sys.exit(f"waited {timeout} s for {what}; dialogs open: {dialogs!r}")


def press(app, name, role=None):
    """Presses the control called `name` through its accessible action, as a screen reader does."""
    node = wait_for(
        app,
        f"{name!r}",
        lambda n: n[2] == name and (role is None or n[1] == role) and n[1] != "label",
        timeout=60,
    )
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate", "default"):
            action.doAction(i)
            break
    else:
        action.doAction(0)
    time.sleep(1.0)


MINIMUM = 24.0


def targets(app):
    """The controls on screen with their extents in the window (x, y, width, height)."""
    out = []
    window = None
    for node, role, name in nodes(app):
        try:
            x, y, w, h = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        except Exception:
            continue
        if role == "frame":
            window = (w, h)
        if role in NAMED:
            out.append((role, name, x, y, w, h))
    if window is None:
        return out
    ww, wh = window
    return [t for t in out if t[2] < ww and t[3] < wh and t[2] + t[4] > 0 and t[3] + t[5] > 0]


def too_small(shown):
    """WCAG 2.5.8 as the kittest walk applies it: under 24×24 and a 24 px circle on its centre
    touching another control, or another small control's circle."""
    found = []
    small = lambda t: t[4] < MINIMUM - 0.01 or t[5] < MINIMUM - 0.01
    for i, a in enumerate(shown):
        if not small(a):
            continue
        cx, cy = a[2] + a[4] / 2, a[3] + a[5] / 2
        for j, b in enumerate(shown):
            if i == j:
                continue
            inside = (b[2] <= a[2] and b[3] <= a[3] and b[2] + b[4] >= a[2] + a[4]
                      and b[3] + b[5] >= a[3] + a[5]) or (a[2] <= b[2] and a[3] <= b[3]
                      and a[2] + a[4] >= b[2] + b[4] and a[3] + a[5] >= b[3] + b[5])
            if inside:
                continue
            dx = max(b[2] - cx, 0, cx - (b[2] + b[4]))
            dy = max(b[3] - cy, 0, cy - (b[3] + b[5]))
            touches = (dx * dx + dy * dy) ** 0.5 < MINIMUM / 2
            bx, by = b[2] + b[4] / 2, b[3] + b[5] / 2
            circles = small(b) and ((bx - cx) ** 2 + (by - cy) ** 2) ** 0.5 < MINIMUM
            if touches or circles:
                found.append(f"a {a[0]} {a[1]!r} is {a[4]}×{a[5]}, beside a {b[0]} {b[1]!r}")
                break
    return found


def findings(app, place):
    found = []
    shown = targets(app)
    TARGETS.append(len(shown))
    SMALLEST.extend(min(t[4], t[5]) for t in shown)
    found.extend(f"{place}: {f}" for f in too_small(shown))
    for _node, role, name in nodes(app):
        if role in NAMED and not name.strip():
            found.append(f"{place}: a {role} without a name")
        elif role in NAMED and not any(c.isalnum() for c in name):
            found.append(f"{place}: a {role} named only by a symbol ({name!r})")
        elif name.strip() in COLOURS:
            found.append(f"{place}: {role} {name!r} says a colour, not what it means")
    return found


def main():
    pyatspi.Registry.registerEventListener(heard, "object:announcement")
    app = find_app(90)
    # The first sync done: My day's lists are worked out from it.
    wait_for(app, "the first sync", lambda n: n[2].startswith("✔ Connected"), timeout=180)
    all_found = []
    walked = 0

    def look(place, shown=None):
        """Walks the tree once `shown` (a control only that pane or dialog has) is on it."""
        nonlocal walked
        if shown:
            wait_for(app, f"{shown!r} in {place}", lambda n: n[2] == shown and n[1] != "label")
        time.sleep(1.0)
        seen = nodes(app)
        walked += len(seen)
        found = findings(app, place)
        print(f"{place}: {len(seen)} nodes, {len(found)} findings", flush=True)
        all_found.extend(found)

    panes = ["Search", "Calendar", "Inventory", "Move-in", "Campaigns", "Admissions", "Sales",
             "Users", "Plugin endpoint", "Outbox", "Settings"]
    for pane in panes:
        press(app, pane, "toggle button")
        look(pane)
        if pane == "Search":
            rows = [n for n in nodes(app) if n[1] == "table row" and n[2].strip()]
            # Counted, not printed: a row is a person's name and phone.
            print(f"Search: {len(rows)} result rows, each read with its name", flush=True)
            if not rows:
                all_found.append("Search: the results are no rows a screen reader reads")
            tables = [n for n in nodes(app) if n[1] == "table" and n[2] == "Cases"]
            headers = [n for n in nodes(app) if n[1] == "column header"]
            print(f"Search: {len(tables)} table named Cases, {len(headers)} column headers",
                  flush=True)
            if not tables or not headers:
                all_found.append("Search: the results are not a table with column headers")
            if rows:
                attributes = dict(a.split(":", 1) for a in rows[0][0].getAttributes() if ":" in a)
                place = (attributes.get("posinset"), attributes.get("setsize"))
                print(f"Search: the first row is read as row {place[0]} of {place[1]}", flush=True)
                if not place[1] or int(place[1]) <= len(rows):
                    all_found.append(f"Search: a row's place is not of the whole list: {place}")
            press(app, "New individual…")
            look("Search › New individual", "Create")
            press(app, "Close")
        if pane == "Calendar":
            wait_for(app, "My day's new leads", lambda n: n[2].startswith("New leads ("))
            press(app, "Log activity…")
            look("Calendar › Log activity", "Save activity")
            press(app, "Close")
            press(app, "Log first contact…")
            look("Calendar › Log first contact", "Save outcome and next step")
            press(app, "Close")
            press(app, "Lost…")
            look("Calendar › Close as lost", "Close as lost")
            press(app, "Cancel")
            press(app, "Email…")
            look("Calendar › Email a first reply", "Copy")
            press(app, "Close")
    # Announcements: going offline and back is said without the focus moving.
    press(app, "Work offline")
    wait_to_hear("Working offline: changes wait in the Outbox.")
    press(app, "Go online")
    wait_to_hear("Back online.")
    print(f"heard {len(HEARD)} announcements: {HEARD!r}", flush=True)
    press(app, "Commands (Ctrl+K)")
    look("Command palette", "Command")

    for line in all_found:
        print("FINDING", line)
    under = sum(1 for side in SMALLEST if side < MINIMUM)
    print(f"measured {sum(TARGETS)} controls on screen for their size (24×24 or spaced): "
          f"the smallest side {min(SMALLEST, default=0)} px, {under} under 24 px and spaced")
    print(f"walked {walked} nodes over {len(panes)} panes, 6 dialogs and the palette: "
          f"{len(all_found)} findings")
    sys.exit(1 if all_found else 0)


if __name__ == "__main__":
    main()
