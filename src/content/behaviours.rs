//! Behaviours by name: what a kind of monster does, as the ordered list
//! the bestiary (or a level) gives it, first say first. The simulation
//! maps each name to a small type that may choose an action
//! (`darkstar::sim::behaviour`); here they are names resolved at load to
//! typed handles ([`Builtin`] for the built-in ones, which the rules ask
//! for by type, never by string; a game's own by name), so the data
//! layers can read and check them without knowing the game.

/// The behaviours the simulation knows, in the order a level's flags
/// put them (see [`Behaviours::from_flags`]):
/// - `asleep`: while asleep it does nothing; the sight of the player may
///   wake it (and a noise it hears does);
/// - `flee`: down to a third of its hit points with the player about, it
///   runs down its safety map;
/// - `melee`: it hits a unit of another faction next to it;
/// - `hunt`: it goes where it saw or heard the player, or where a kin's
///   cry told it the player was (each monster knows for itself);
/// - `search`: having lost the player, it searches round where;
/// - `wander`: with nothing else to do and no goal, it walks to places
///   its faction believes walkable;
/// - `cry`: when it notices the player, it cries out where it stands, as
///   loud as its kind's voice: kin that hear it learn where it saw the
///   player; whoever else hears it goes to the noise; a sleeper it
///   reaches wakes (a raven's cry wakes the trolls it sees for). It
///   chooses no action.
pub const BUILTIN: [&str; 7] = {
    let mut names = [""; 7];
    let mut i = 0;
    while i < Builtin::ALL.len() {
        names[i] = Builtin::ALL[i].name();
        i += 1;
    }
    names
};

/// A built-in behaviour (see [`BUILTIN`] for what each does): the handle
/// its name resolves to at load, and what the rules ask a kind's list
/// for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Asleep,
    Flee,
    Melee,
    Hunt,
    Search,
    Wander,
    Cry,
}

impl Builtin {
    /// Every built-in behaviour, in [`BUILTIN`]'s order.
    pub const ALL: [Builtin; 7] = [
        Builtin::Asleep,
        Builtin::Flee,
        Builtin::Melee,
        Builtin::Hunt,
        Builtin::Search,
        Builtin::Wander,
        Builtin::Cry,
    ];

    /// The name kinds list it by.
    pub const fn name(self) -> &'static str {
        match self {
            Builtin::Asleep => "asleep",
            Builtin::Flee => "flee",
            Builtin::Melee => "melee",
            Builtin::Hunt => "hunt",
            Builtin::Search => "search",
            Builtin::Wander => "wander",
            Builtin::Cry => "cry",
        }
    }

    /// The built-in behaviour named `name`, if one is.
    pub fn named(name: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// One entry of a kind's list, resolved as it is read: a built-in
/// behaviour, or one of a game's own (see
/// `darkstar::sim::behaviour::Repertoire::with`), by its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Entry {
    Builtin(Builtin),
    Own(String),
}

impl Entry {
    fn of(name: String) -> Entry {
        match Builtin::named(&name) {
            Some(b) => Entry::Builtin(b),
            None => Entry::Own(name),
        }
    }
    fn name(&self) -> &str {
        match self {
            Entry::Builtin(b) => b.name(),
            Entry::Own(name) => name,
        }
    }
}

/// Most behaviours one kind lists.
pub const MAX_BEHAVIOURS: usize = 16;

/// An ordered list of behaviours, each resolved to its handle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Behaviours(Vec<Entry>);

impl Behaviours {
    /// The list `names`, in order.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Behaviours {
        Behaviours(names.into_iter().map(|n| Entry::of(n.into())).collect())
    }

    /// What a level's flags make: `asleep` for `sleeps`, `flee` for
    /// `flees`, `melee hunt search` for `hostile`, `wander` for
    /// `wanders`, in that order.
    ///
    /// ```
    /// use darkstar::content::behaviours::Behaviours;
    /// let b = Behaviours::from_flags(true, false, true, true);
    /// assert_eq!(b.to_string(), "asleep melee hunt search wander");
    /// assert_eq!(b.flags(), Some((true, false, true, true)));
    /// ```
    pub fn from_flags(sleeps: bool, flees: bool, hostile: bool, wanders: bool) -> Behaviours {
        let mut names = Vec::new();
        if sleeps {
            names.push("asleep");
        }
        if flees {
            names.push("flee");
        }
        if hostile {
            names.extend(["melee", "hunt", "search"]);
        }
        if wanders {
            names.push("wander");
        }
        Behaviours::new(names)
    }

    /// The flags `(sleeps, flees, hostile, wanders)` that make this list,
    /// if some do.
    pub fn flags(&self) -> Option<(bool, bool, bool, bool)> {
        let flags = (
            self.has(Builtin::Asleep),
            self.has(Builtin::Flee),
            self.has(Builtin::Hunt),
            self.has(Builtin::Wander),
        );
        (Behaviours::from_flags(flags.0, flags.1, flags.2, flags.3) == *self).then_some(flags)
    }

    /// Reads `none`, or names separated by commas or spaces, each one
    /// `known` and none twice.
    pub fn parse(text: &str, known: &dyn Fn(&str) -> bool) -> Result<Behaviours, String> {
        let mut names: Vec<Entry> = Vec::new();
        for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
            if word == "none" && text.trim() == "none" {
                return Ok(Behaviours::default());
            }
            if !known(word) {
                return Err(format!(
                    "no behaviour {:?} (known: {})",
                    word.chars().take(40).collect::<String>(),
                    BUILTIN.join(", ")
                ));
            }
            if names.iter().any(|n| n.name() == word) {
                return Err(format!("behaviour {word} is listed twice"));
            }
            if names.len() == MAX_BEHAVIOURS {
                return Err(format!("at most {MAX_BEHAVIOURS} behaviours"));
            }
            names.push(Entry::of(word.to_string()));
        }
        Ok(Behaviours(names))
    }

    /// The names, first say first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(Entry::name)
    }
    /// True when it lists the built-in behaviour `b`.
    pub fn has(&self, b: Builtin) -> bool {
        self.0.contains(&Entry::Builtin(b))
    }
    /// Starts asleep.
    pub fn sleeps(&self) -> bool {
        self.has(Builtin::Asleep)
    }
    /// Flees when hurt.
    pub fn flees(&self) -> bool {
        self.has(Builtin::Flee)
    }
    /// Hunts the player (and goes to a noise it hears).
    pub fn hunts(&self) -> bool {
        self.has(Builtin::Hunt)
    }
    /// Searches round where it lost the player.
    pub fn searches(&self) -> bool {
        self.has(Builtin::Search)
    }
    /// Cries out when it notices the player.
    pub fn cries(&self) -> bool {
        self.has(Builtin::Cry)
    }
    /// Hits units of other factions next to it.
    pub fn fights(&self) -> bool {
        self.has(Builtin::Melee)
    }
    /// Wanders when it has nothing else to do.
    pub fn wanders(&self) -> bool {
        self.has(Builtin::Wander)
    }
}

impl std::fmt::Display for Behaviours {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = self.names().collect();
        f.write_str(&names.join(" "))
    }
}
