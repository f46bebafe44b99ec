//! The command line's help and usage errors in the system's language. clap writes both in
//! English: here the tree its derive built (each command and argument, with the English of
//! `main.rs`'s doc comments) takes each command's about and each argument's help from the
//! message named for its place in the tree, and a usage error is said again from its kind and
//! what clap found (the argument, the value, the choices).

use std::ffi::OsString;

use clap::Command;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use leasedesk_i18n::tr;

/// The message saying what the command at `path` does (`["report", "weekly"]`); the program's
/// own is `cli-about`.
pub fn about_id(path: &[String]) -> String {
    id("cli-about", path, None)
}

/// The message saying what argument `arg` (its id: the field's name) of the command at `path`
/// is; a global argument's is the program's (`cli-arg-verbose`), said alike everywhere.
pub fn arg_id(path: &[String], arg: &str, global: bool) -> String {
    id("cli-arg", if global { &[] } else { path }, Some(arg))
}

fn id(prefix: &str, path: &[String], arg: Option<&str>) -> String {
    let mut id = prefix.to_owned();
    for part in path.iter().map(String::as_str).chain(arg) {
        id.push('-');
        id.push_str(&part.replace('_', "-"));
    }
    id
}

/// Whether clap made the argument (`--help`, `--version`), not `main.rs`.
pub fn is_clap_own(arg: &str) -> bool {
    matches!(arg, "help" | "version")
}

/// `command` (clap's derive, English) said in the language in force: abouts, helps, the
/// headings, defaults and choices.
pub fn localized(mut command: Command) -> Command {
    // Built first: the global arguments, `--help`, `--version` and the `help` command exist
    // only once clap has built the tree, and are worded with the rest.
    command.build();
    worded(command, &mut Vec::new())
}

fn worded(mut command: Command, path: &mut Vec<String>) -> Command {
    command = command
        .about(leasedesk_i18n::text(&about_id(path)))
        .long_about(None::<&str>)
        .help_template(template())
        .subcommand_help_heading(tr!("cli-heading-commands"))
        .subcommand_value_name(tr!("cli-command-value"));
    let args: Vec<_> = command
        .get_arguments()
        .map(|a| (a.get_id().to_string(), a.is_global_set()))
        .collect();
    for (arg, global) in args {
        let help = match arg.as_str() {
            "help" => tr!("cli-arg-help"),
            "version" => tr!("cli-arg-version"),
            _ => leasedesk_i18n::text(&arg_id(path, &arg, global)),
        };
        command = command.mut_arg(&arg, |a| argument_worded(a, help));
    }
    let subcommands: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subcommands {
        // `help` is the command clap adds (main.rs names none so).
        command = if name == "help" {
            command.mut_subcommand(&name, |help| {
                help.about(tr!("cli-about-help")).help_template(template())
            })
        } else {
            path.push(name.clone());
            let worded_command = command.mut_subcommand(&name, |sub| worded(sub, path));
            path.pop();
            worded_command
        };
    }
    command
}

fn argument_worded(arg: clap::Arg, help: String) -> clap::Arg {
    let mut help = help;
    let takes_values = arg.get_action().takes_values();
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    let shows_default = takes_values && !defaults.is_empty() && !arg.is_hide_default_value_set();
    if shows_default {
        help.push(' ');
        help.push_str(&tr!("cli-default", value = defaults.join(", ")));
    }
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_owned())
        .collect();
    let shows_choices = takes_values && !choices.is_empty() && !arg.is_hide_possible_values_set();
    if shows_choices {
        help.push(' ');
        help.push_str(&tr!("cli-choices", values = choices.join(", ")));
    }
    let heading = if arg.is_positional() {
        tr!("cli-heading-arguments")
    } else {
        tr!("cli-heading-options")
    };
    arg.help(help)
        .long_help(None::<&str>)
        .hide_default_value(true)
        .hide_possible_values(true)
        .help_heading(heading)
}

/// clap's own layout, with its one English word ("Usage") said from the files.
fn template() -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{}: {{usage}}\n\n{{all-args}}{{after-help}}",
        tr!("cli-usage")
    )
}

/// A usage error as one sentence in the language in force: what was wrong, what was meant
/// when clap can tell, and which `--help` to read (the command `args` named in `command`).
pub fn usage_error(error: &clap::Error, command: &Command, args: &[OsString]) -> String {
    let found = |kind: ContextKind| error.get(kind).map(context_text).unwrap_or_default();
    let arg = found(ContextKind::InvalidArg);
    let value = found(ContextKind::InvalidValue);
    let mut said = match error.kind() {
        ErrorKind::UnknownArgument => tr!("cli-error-unknown-argument", arg = arg),
        ErrorKind::InvalidSubcommand => tr!(
            "cli-error-unknown-command",
            command = found(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::InvalidValue if value.is_empty() => tr!("cli-error-no-value", arg = arg),
        ErrorKind::InvalidValue => tr!(
            "cli-error-not-a-choice",
            value = value,
            arg = arg,
            choices = found(ContextKind::ValidValue)
        ),
        ErrorKind::ValueValidation => tr!("cli-error-bad-value", value = value, arg = arg),
        ErrorKind::MissingRequiredArgument => tr!("cli-error-missing", args = arg),
        ErrorKind::ArgumentConflict => {
            let prior = found(ContextKind::PriorArg);
            if prior.is_empty() || prior == arg {
                tr!("cli-error-once", arg = arg)
            } else {
                tr!("cli-error-conflict", arg = arg, other = prior)
            }
        }
        ErrorKind::NoEquals
        | ErrorKind::TooManyValues
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => tr!("cli-error-values", arg = arg),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            tr!("cli-error-no-command")
        }
        ErrorKind::InvalidUtf8 => tr!("cli-error-not-utf8"),
        _ => tr!(
            "cli-error-other",
            detail = first_line(&error.to_string()).to_owned()
        ),
    };
    let suggested = [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .map(found)
    .find(|s| !s.is_empty());
    if let Some(suggestion) = suggested {
        said.push(' ');
        said.push_str(&tr!("cli-error-did-you-mean", suggestion = suggestion));
    }
    said.push(' ');
    said.push_str(&tr!(
        "cli-error-see-help",
        command = command_named(command, args)
    ));
    said
}

fn context_text(value: &ContextValue) -> String {
    match value {
        ContextValue::String(s) => s.clone(),
        ContextValue::Strings(all) => all.join(", "),
        ContextValue::StyledStr(s) => s.to_string(),
        ContextValue::StyledStrs(all) => all
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        ContextValue::Number(n) => n.to_string(),
        ContextValue::Bool(_) | ContextValue::None => String::new(),
        _ => String::new(),
    }
}

fn first_line(text: &str) -> &str {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text);
    line.trim_start_matches("error: ").trim()
}

/// The (sub)command `args` name (`leasedesk report weekly`): each word naming a subcommand of
/// the one before, whatever options are between.
fn command_named(command: &Command, args: &[OsString]) -> String {
    let mut named = command.get_name().to_owned();
    let mut at = command;
    for arg in args.iter().skip(1).filter_map(|a| a.to_str()) {
        if let Some(sub) = at.find_subcommand(arg).filter(|s| s.get_name() != "help") {
            named.push(' ');
            named.push_str(sub.get_name());
            at = sub;
        }
    }
    named
}
