//! Where the terminal keeps its games: the platform's data folder, a
//! terminal's fact (the library stores through `record::life::Storage`
//! wherever a front end tells it, and a browser has no folders).

use std::path::PathBuf;

/// Where saves go unless told otherwise: `$DARKSTAR_SAVE` (set and not
/// empty), else `save.replay` in the platform's data folder for darkstar
/// (on Linux `$XDG_DATA_HOME/darkstar`, else `~/.local/share/darkstar`),
/// else `darkstar-save.replay` here.
pub fn default_save_path() -> PathBuf {
    save_path_from(std::env::var_os("DARKSTAR_SAVE"))
}

/// [`default_save_path`] given the value of `$DARKSTAR_SAVE` (so the rule
/// is testable without touching the process environment).
fn save_path_from(darkstar_save: Option<std::ffi::OsString>) -> PathBuf {
    // Set but empty means unset (as shells make it easy to write
    // `DARKSTAR_SAVE= darkstar`); an empty path would be no file at all.
    if let Some(p) = darkstar_save.filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    match directories::ProjectDirs::from("", "", "darkstar") {
        Some(dirs) => dirs.data_dir().join("save.replay"),
        None => PathBuf::from("darkstar-save.replay"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn an_empty_darkstar_save_means_unset() {
        let default = save_path_from(None);
        assert_eq!(save_path_from(Some("".into())), default);
        assert_eq!(
            save_path_from(Some("x.replay".into())),
            Path::new("x.replay")
        );
        assert!(default.ends_with("darkstar/save.replay"), "{default:?}");
    }
}
