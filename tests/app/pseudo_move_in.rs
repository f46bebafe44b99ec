//! The move-in wizard under the pseudo-locale at 1000×650, step by step to its review: no
//! button's words cut, no words from code rather than the Fluent files (the portal's names, the
//! person moving in and the units' table aside: data).

use leasedesk::api::model::UnitQuery;
use leasedesk::i18n::{FluentArgs, Language, text_in};

use crate::inventory::{first_community, person, unit_with_room};
use crate::pseudo::{cut, from_code_where, nothing_found, pseudo_app};
use crate::support::{TestApp, block_on, direct_client};

fn words(id: &str) -> String {
    text_in(Language::Pseudo, id, None)
}

fn words_with(id: &str, name: &str, value: &str) -> String {
    let mut args = FluentArgs::new();
    args.set(name.to_owned(), value.to_owned());
    text_in(Language::Pseudo, id, Some(&args))
}

#[test]
fn under_the_pseudo_locale_each_step_of_the_move_in_wizard_comes_from_the_files() {
    let mut t = pseudo_app();
    let client = direct_client(&t);
    let (_, name, _) = person(&t, &client, false);
    let (community_id, _) = first_community(&client);
    let unit = unit_with_room(&t, &client, community_id);
    // The portal's names the units' table and the community choice show.
    let units = block_on(client.units(&UnitQuery::default()))
        .expect("the units")
        .into_vec();
    let mut data: Vec<String> = units
        .iter()
        .flat_map(|u| {
            [u.community_name.clone(), u.care_group.clone()]
                .into_iter()
                .chain(u.floor_plan.clone())
        })
        .collect();
    data.push(name.clone());
    let mut found = Vec::new();
    let mut clipped = Vec::new();
    let mut look_at = |t: &mut TestApp, step: &str| {
        t.wait_at_rest();
        t.harness.run_steps(5);
        found.extend(from_code_where(t, step, |_| true, &data));
        clipped.extend(cut(t, step));
    };

    t.click_button(&words("nav-move-in"));
    t.type_into(&words("movein-find"), &name);
    t.click(&words("finder-find"));
    let add = words_with("movein-add", "name", &name);
    t.wait_for_label(&add);
    t.click_first(&add);
    look_at(&mut t, "Who");
    t.click(&words("movein-next"));

    let unit_button = words_with("movein-unit", "number", &unit.number);
    t.choose(&words("report-col-community"), &unit.community_name);
    t.wait_for_label(&unit_button);
    t.click(&unit_button);
    look_at(&mut t, "Where");
    t.click(&words("movein-next"));

    t.type_into(&words("movein-date"), "2026-11-20");
    look_at(&mut t, "When and money");
    t.click(&words("movein-next"));
    look_at(&mut t, "Options");
    t.click(&words("movein-next"));
    t.wait_for_label(&words("movein-submit"));
    look_at(&mut t, "Review");

    eprintln!(
        "pseudo-locale move-in wizard at 1000×650 (Who, Where, When and money, Options, \
         Review): {} words from code, {} buttons cut",
        found.len(),
        clipped.len()
    );
    nothing_found(&found, &clipped);
}
