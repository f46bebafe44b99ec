//! The command line's help and usage errors, said from the files in each language.

use clap::CommandFactory;
use leasedesk::cli::help::{about_id, arg_id, is_clap_own, localized, usage_error};
use leasedesk_i18n::{Language, has, in_language, text_in};

use super::Cli;

/// Every command's about and every argument's help as main.rs's doc comments say them
/// (clap's derive), with the message each is said from.
fn written() -> Vec<(String, String)> {
    fn walk(command: &clap::Command, path: &mut Vec<String>, out: &mut Vec<(String, String)>) {
        let about = command
            .get_about()
            .map(ToString::to_string)
            .unwrap_or_default();
        out.push((about_id(path), about));
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if !is_clap_own(id) {
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                out.push((arg_id(path, id, arg.is_global_set()), help));
            }
        }
        for sub in command.get_subcommands() {
            path.push(sub.get_name().to_owned());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), &mut Vec::new(), &mut out);
    out
}

#[test]
fn every_command_and_argument_is_said_in_english_as_written_and_in_spanish() {
    let written = written();
    assert!(written.len() > 60, "the whole tree: {}", written.len());
    let mut missing = String::new();
    for (id, english) in &written {
        assert!(!english.is_empty(), "{id} has no doc comment in main.rs");
        if !has(Language::English, id) || !has(Language::Spanish, id) {
            missing.push_str(&format!("{id} = {english}\n"));
            continue;
        }
        assert_eq!(&text_in(Language::English, id, None), english, "{id}");
        assert_ne!(&text_in(Language::Spanish, id, None), english, "{id}");
    }
    assert!(missing.is_empty(), "not in both files:\n{missing}");
}

fn help_of(language: Language, path: &[&str]) -> String {
    in_language(language, || {
        let mut command = localized(Cli::command());
        for name in path {
            command = command.find_subcommand(name).unwrap().clone();
        }
        command.render_help().to_string()
    })
}

#[test]
fn the_help_is_said_in_the_language_in_force_headings_defaults_and_choices_too() {
    let spanish = help_of(Language::Spanish, &[]);
    assert!(spanish.contains("Uso: leasedesk"), "{spanish}");
    assert!(spanish.contains("Órdenes:"), "{spanish}");
    assert!(spanish.contains("Opciones:"), "{spanish}");
    assert!(spanish.contains("Muestra la ayuda"), "{spanish}");
    for english in [
        "Usage:",
        "Commands:",
        "Options:",
        "Print help",
        "Log to the console",
    ] {
        assert!(!spanish.contains(english), "{english} in: {spanish}");
    }
    let weekly = help_of(Language::Spanish, &["report", "weekly"]);
    assert!(weekly.contains("[predeterminado: pdf]"), "{weekly}");
    assert!(weekly.contains("[valores: pdf, json, csv]"), "{weekly}");
    assert!(
        !weekly.contains("default:") && !weekly.contains("possible values"),
        "{weekly}"
    );
    let english = help_of(Language::English, &["report", "weekly"]);
    assert!(
        english.contains("Usage: leasedesk report weekly"),
        "{english}"
    );
    assert!(english.contains("[default: pdf]"), "{english}");
}

fn error_of(language: Language, args: &[&str]) -> String {
    in_language(language, || {
        let command = localized(Cli::command());
        let args: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
        let error = command
            .clone()
            .try_get_matches_from(&args)
            .expect_err("a usage error");
        usage_error(&error, &command, &args)
    })
}

#[test]
fn a_usage_error_says_what_was_wrong_in_the_language_in_force() {
    let unknown = ["leasedesk", "report", "weekly", "--outt", "x.pdf"];
    let spanish = error_of(Language::Spanish, &unknown);
    assert!(spanish.contains("«--outt»"), "{spanish}");
    assert!(spanish.contains("¿Quiso decir --out?"), "{spanish}");
    assert!(
        spanish.contains("leasedesk report weekly --help"),
        "{spanish}"
    );
    let english = error_of(Language::English, &unknown);
    assert!(
        english.contains("unexpected argument '--outt'"),
        "{english}"
    );
    assert!(english.contains("Did you mean --out?"), "{english}");

    let choice = [
        "leasedesk",
        "report",
        "weekly",
        "--format",
        "xml",
        "--out",
        "x",
    ];
    let spanish = error_of(Language::Spanish, &choice);
    assert!(
        spanish.contains("«xml»") && spanish.contains("pdf, json, csv"),
        "{spanish}"
    );
    assert!(
        spanish.contains("leasedesk report weekly --help"),
        "{spanish}"
    );
    let missing = error_of(Language::Spanish, &["leasedesk", "report", "weekly"]);
    assert!(missing.contains("--out"), "{missing}");
    assert!(!missing.contains("required"), "{missing}");
    let no_command = error_of(Language::Spanish, &["leasedesk", "report"]);
    assert!(
        no_command.contains("leasedesk report --help"),
        "{no_command}"
    );
}
