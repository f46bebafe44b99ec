//! Widgets more than one pane uses: labelled fields, drop-downs of one width, community
//! pickers, table headers and the person finder.

mod announce;
pub mod chart_words;
mod columns;
mod combo;
mod date_field;
mod roving;
mod spinner;
pub mod table_a11y;
pub mod text_grid;
pub mod wide_table;

pub use announce::{announced_ui, polite, problem_ui, said_ui};
pub use columns::columns_ui;
pub use combo::{
    Choices, community_checkboxes, community_combo, keyboard_combo, list_combo, steady_combo,
    steady_combo_enabled, type_combo, user_combo,
};
pub use date_field::{date_field, date_field_in_row, time_field};
pub use roving::RovingList;
pub use spinner::spinner_ui;

/// The width of the widest of `texts` in `style`, each on one line: what a column, a bar or a
/// drop-down needs to show them whole.
pub fn widest<S: AsRef<str>>(
    ui: &egui::Ui,
    style: egui::TextStyle,
    texts: impl IntoIterator<Item = S>,
) -> f32 {
    let font = style.resolve(ui.style());
    texts
        .into_iter()
        .map(|text| {
            ui.painter()
                .layout_no_wrap(text.as_ref().to_owned(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max)
}

/// A label joined to the widget after it, so screen readers and tests find the widget by it.
pub fn labelled(
    ui: &mut egui::Ui,
    label: &str,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    let label = ui.label(label);
    add(ui).labelled_by(label.id)
}

/// A label and its field of `field_width` as one piece, so a wrapping row moves them to the
/// next line together (a label never ends a line with its field on the next).
pub fn together<R>(
    ui: &mut egui::Ui,
    label: &str,
    field_width: f32,
    add: impl FnOnce(&mut egui::Ui, egui::Id) -> R,
) -> R {
    let text = ui.painter().layout_no_wrap(
        label.to_owned(),
        egui::TextStyle::Body.resolve(ui.style()),
        ui.visuals().text_color(),
    );
    let width = text.size().x + ui.spacing().item_spacing.x + field_width;
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        let caption = ui.label(label);
        add(ui, caption.id)
    })
    .inner
}

/// Puts the keyboard focus in a dialog's first field once, when it opens (and never again, so
/// a click elsewhere is not undone).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FirstFocus {
    given: bool,
}

impl FirstFocus {
    /// Gives `field` the focus the first time it is called.
    pub fn on(&mut self, field: &egui::Response) {
        if !self.given {
            field.request_focus();
            self.given = true;
        }
    }
}

/// A table header of bold column titles.
/// Lines a note shows before it scrolls.
const NOTE_MAX_LINES: f32 = 5.0;

/// A note of `rows` lines that grows with what is typed up to five lines, then scrolls inside
/// itself: a long note never grows the dialog (which would re-centre it under the pointer and
/// push its buttons off a small window).
pub fn note_field(
    ui: &mut egui::Ui,
    text: &mut String,
    id_salt: &str,
    rows: usize,
    width: f32,
) -> egui::Response {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let most = NOTE_MAX_LINES * line + 2.0 * ui.spacing().button_padding.y + 4.0;
    egui::ScrollArea::vertical()
        .id_salt((id_salt, "scroll"))
        .max_height(most)
        .show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(text)
                    .id_salt(id_salt)
                    .desired_rows(rows)
                    .desired_width(width),
            )
        })
        .inner
}

/// The room of the one line a dialog says "✔ Saved" in, kept while nothing is said yet: the
/// dialog does not grow (and, centred, jump) when the line comes.
pub fn saved_line_room(ui: &mut egui::Ui) {
    let height = ui.text_style_height(&egui::TextStyle::Body);
    ui.allocate_space(egui::vec2(0.0, height));
}

pub fn header_titles(mut header: egui_extras::TableRow<'_, '_>, titles: &[&str]) {
    for (index, title) in titles.iter().enumerate() {
        header.col(|ui| {
            let heading = ui.strong(*title);
            table_a11y::column_header(&heading, index, None);
        });
    }
}

/// Whether Enter was pressed in this single-line field (it loses focus on Enter).
pub fn entered(ui: &egui::Ui, field: &egui::Response) -> bool {
    field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// "3 records could not be read", beside a list the service sent with records the app could not
/// read (they are left out; the log says which and why). Nothing when there are none.
pub fn unreadable_note(ui: &mut egui::Ui, tokens: &crate::theme::Tokens, count: usize) {
    if count > 0 {
        ui.label(
            egui::RichText::new(leasedesk_i18n::tr!("unreadable", count = count))
                .color(tokens.warning),
        )
        .on_hover_text(leasedesk_i18n::tr!("unreadable-hint"));
    }
}

/// What the follow-up colours mean.
pub fn colour_tip() -> String {
    leasedesk_i18n::tr!("follow-up-tip")
}

/// A lead's red/amber/green, in words as well as colour (a colour alone is lost on some eyes
/// and on paper).
pub fn lead_colour_ui(
    ui: &mut egui::Ui,
    tokens: &crate::theme::Tokens,
    colour: crate::domain::speed_to_lead::Colour,
    text: &str,
) -> egui::Response {
    let color = tokens.lead_colour(colour);
    // A painted dot: the fonts have no "●" for every script.
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, dot) = ui.allocate_exact_size(egui::vec2(size * 0.7, size), egui::Sense::hover());
    ui.painter().circle_filled(rect.center(), size * 0.3, color);
    dot.union(ui.label(egui::RichText::new(text).color(color)))
}

/// A lead's colour shown by its name alone ("Red", where a column is narrow), said to a screen
/// reader with what it means (`meaning`, from `LeadRules::colour_meaning`).
pub fn lead_colour_named_ui(
    ui: &mut egui::Ui,
    tokens: &crate::theme::Tokens,
    colour: crate::domain::speed_to_lead::Colour,
    meaning: &str,
) -> egui::Response {
    let color = tokens.lead_colour(colour);
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, dot) = ui.allocate_exact_size(egui::vec2(size * 0.7, size), egui::Sense::hover());
    ui.painter().circle_filled(rect.center(), size * 0.3, color);
    let label = ui.label(egui::RichText::new(crate::words::colour(colour)).color(color));
    label.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, meaning));
    dot.union(label)
}

/// A modal dialog that says it is one, by its name: a screen reader announces the dialog, and what is under
/// it is not reachable while it is open (an egui modal publishes no role of its own).
pub fn dialog(id: egui::Id, name: &str) -> egui::Modal {
    dialog_at(id, name, None)
}

/// A dialog's row of buttons under an id of its own: see [`keyed_layout`].
pub fn buttons_row<R>(ui: &mut egui::Ui, key: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    keyed_layout(
        ui,
        key,
        egui::Layout::left_to_right(egui::Align::Center),
        add,
    )
}

/// `ui.with_layout`, under an id made from `key` rather than from the widgets before it. A
/// line that comes and goes above (a problem, a list that loaded, a search's "Load more")
/// would otherwise change the ids of the buttons inside, between a screen reader reading the
/// tree and pressing one: the press was lost, and the keyboard's focus with it.
pub fn keyed_layout<R>(
    ui: &mut egui::Ui,
    key: &str,
    layout: egui::Layout,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = ui.scope_id().with(("keyed-layout", key));
    ui.scope_builder(egui::UiBuilder::new().scope_id(id).layout(layout), add)
        .inner
}

/// [`dialog`], its top at `top` once known (else centred), so that growing does not move it.
pub fn dialog_at(id: egui::Id, name: &str, top: Option<f32>) -> egui::Modal {
    let mut area = egui::Modal::default_area(id)
        .role(egui::accesskit::Role::Dialog)
        .accessible_name(name);
    if let Some(top) = top {
        area = area.anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top));
    }
    egui::Modal::new(id).area(area)
}

/// The frame of a side panel a person can resize: its contents 14 px in from each side, so the
/// 6 px resize handle on its edge keeps 12 px from its middle to any control (WCAG 2.2's
/// 2.5.8 spacing; egui's panels keep 8).
pub fn resizable_panel_frame(style: &egui::Style) -> egui::Frame {
    egui::Frame::side_top_panel(style).inner_margin(egui::Margin {
        left: 14,
        right: 14,
        top: 2,
        bottom: 2,
    })
}

#[cfg(test)]
mod tests {
    /// A frame's input: a click at `click`, if given.
    fn clicked_at(click: Option<egui::Pos2>) -> egui::RawInput {
        let mut input = egui::RawInput::default();
        if let Some(pos) = click {
            input.events.push(egui::Event::PointerMoved(pos));
            for pressed in [true, false] {
                input.events.push(egui::Event::PointerButton {
                    pos,
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: Default::default(),
                });
            }
        }
        input
    }

    /// Draws a frame of a row whose first button comes and goes, then a keyed row of two
    /// buttons, clicking at `click` if given: the two buttons' ids and whether the second was
    /// clicked.
    fn frame(
        ctx: &egui::Context,
        before: bool,
        click: Option<egui::Pos2>,
    ) -> (egui::Id, egui::Id, egui::Rect, bool) {
        let input = clicked_at(click);
        let mut seen = None;
        let mut out = ctx.run_ui(input, |ui| {
            ui.horizontal(|ui| {
                if before {
                    let _ = ui.button("Load more");
                }
                let right = egui::Layout::right_to_left(egui::Align::Center);
                seen = Some(super::keyed_layout(ui, "actions", right, |ui| {
                    let export = ui.button("Export");
                    let new = ui.button("New individual…");
                    (export.id, new.id, new.rect, new.clicked())
                }));
            });
        });
        out.textures_delta.clear();
        seen.expect("drawn")
    }

    #[test]
    fn a_keyed_rows_buttons_keep_their_ids_when_a_widget_before_it_comes_and_goes() {
        let ctx = egui::Context::default();
        let (export, new, rect, _) = frame(&ctx, false, None);
        let (export_after, new_after, _, _) = frame(&ctx, true, None);
        assert_eq!((export, new), (export_after, new_after));
        assert_ne!(export, new);
        // Laid out as `with_layout` lays out: a click where it is drawn is its click.
        let (_, _, _, clicked) = frame(&ctx, false, Some(rect.center()));
        assert!(clicked, "the keyed button did not take a click at {rect:?}");
    }

    const SHORT: &str = "Sí";
    const LONG: &str = "Recordatorio de la lista de espera, palabra por palabra";

    /// Draws a frame of a [`super::Choices`] of two, clicking at `click` if given: the
    /// drop-down's rect, the slot's width, and where each choice shown in its list is.
    fn choices_frame(
        ctx: &egui::Context,
        chosen: &mut u8,
        click: Option<egui::Pos2>,
    ) -> (egui::Rect, f32, Vec<(String, egui::Rect)>) {
        let input = clicked_at(click);
        let mut seen = None;
        let mut out = ctx.run_ui(input, |ui| {
            let word = |c: u8| if c == 0 { SHORT } else { LONG }.to_owned();
            let choices = super::Choices::new(ui, "choices-test", [0, 1], word, 40.0);
            let response = choices.show(ui, chosen);
            seen = Some((response.rect, choices.width()));
        });
        out.textures_delta.clear();
        let shown = out
            .platform_output
            .accesskit_update
            .map(|update| update.nodes)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(_, node)| {
                let bounds = node.bounds()?;
                let rect = egui::Rect::from_min_max(
                    egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
                    egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
                );
                Some((node.label()?.to_owned(), rect))
            })
            .collect();
        let (rect, width) = seen.expect("drawn");
        (rect, width, shown)
    }

    #[test]
    fn choices_are_as_wide_as_the_longest_words_and_a_choice_taken_is_written_back() {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let mut chosen = 0;
        let (rect, width, _) = choices_frame(&ctx, &mut chosen, None);
        let font = egui::TextStyle::Button.resolve(&ctx.global_style());
        let long = ctx.fonts_mut(|f| {
            f.layout_no_wrap(LONG.to_owned(), font, egui::Color32::WHITE)
                .size()
                .x
        });
        assert!(width > long, "a slot of {width} cuts words {long} wide");
        assert!(
            (rect.width() - width).abs() < 1.0,
            "{rect:?} is not {width} wide"
        );
        // Opened, the list shows the long words whole; taking them writes them back.
        choices_frame(&ctx, &mut chosen, Some(rect.center()));
        let (_, _, shown) = choices_frame(&ctx, &mut chosen, None);
        let (_, long_rect) = shown
            .iter()
            .find(|(label, _)| label == LONG)
            .unwrap_or_else(|| panic!("the list is not shown: {shown:?}"));
        choices_frame(&ctx, &mut chosen, Some(long_rect.center()));
        assert_eq!(chosen, 1);
    }

    #[test]
    fn columns_sit_side_by_side_and_what_is_in_them_keeps_its_own_width() {
        let ctx = egui::Context::default();
        // The space given, the two columns' buttons, and a label drawn after the columns.
        let (mut whole, mut buttons, mut below) = (egui::Rect::NOTHING, Vec::new(), None);
        for _ in 0..2 {
            buttons.clear();
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                whole = ui.available_rect_before_wrap();
                super::columns_ui(ui, 2, |columns| {
                    for (n, column) in columns.iter_mut().enumerate() {
                        buttons.push(column.button("Log outcome…").rect);
                        for _ in 0..=n {
                            column.label("a line");
                        }
                    }
                });
                below = Some(ui.label("below").rect);
            });
            out.textures_delta.clear();
        }
        let (first, second, below) = (buttons[0], buttons[1], below.unwrap());
        // Each button as wide as its words, not stretched across its column.
        assert!(
            first.width() < whole.width() / 4.0,
            "{first:?} in {whole:?}"
        );
        assert!((first.width() - second.width()).abs() < 0.5);
        // The second column starts at the middle, level with the first.
        assert!(first.left() - whole.left() < 1.0, "{first:?}");
        assert!(second.left() >= whole.center().x, "{second:?} in {whole:?}");
        assert_eq!(first.top(), second.top());
        // What follows starts below the taller column (two lines under its button).
        assert!(
            below.top() > second.bottom() + 1.5 * below.height(),
            "{below:?} under {second:?}"
        );
    }
}
