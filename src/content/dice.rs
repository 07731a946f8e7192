//! Damage dice, as a roguelike writes them: `2d4+1` is two four-sided dice
//! plus one. Parsed from the bestiary with its errors, rolled on the
//! simulation's one RNG (one draw a die, in order, so a game replays).

use std::fmt;

use rand::RngExt;

use crate::rng::SimRng;

/// Most dice in one roll, and most sides a die: enough for any monster,
/// and small enough that a roll never overflows.
pub const MAX_DICE: u32 = 20;
/// See [`MAX_DICE`].
pub const MAX_SIDES: u32 = 100;
/// Largest bonus or malus a roll adds.
pub const MAX_BONUS: i32 = 100;

/// `count` dice of `sides` sides, plus `bonus`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
}

impl Dice {
    /// `count`d`sides`+`bonus`.
    pub const fn new(count: u32, sides: u32, bonus: i32) -> Dice {
        Dice {
            count,
            sides,
            bonus,
        }
    }

    /// Reads `2d4`, `1d6+1`, `3d3-2` (no spaces), within the limits above.
    ///
    /// ```
    /// use darkstar::content::dice::Dice;
    /// assert_eq!(Dice::parse("2d4+1"), Ok(Dice::new(2, 4, 1)));
    /// assert!(Dice::parse("d4").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Dice, String> {
        let bad = || format!("dice like 1d6 or 2d4+1 expected, found `{text}`");
        let (count, rest) = text.split_once('d').ok_or_else(bad)?;
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(count) || !digits(sides) || (!bonus.is_empty() && !digits(&bonus[1..])) {
            return Err(bad());
        }
        let count: u32 = count.parse().map_err(|_| bad())?;
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        let bonus: i32 = match bonus {
            "" => 0,
            b => b.parse().map_err(|_| bad())?,
        };
        if !(1..=MAX_DICE).contains(&count) || !(1..=MAX_SIDES).contains(&sides) {
            return Err(format!(
                "1 to {MAX_DICE} dice of 1 to {MAX_SIDES} sides expected, found `{text}`"
            ));
        }
        // A range, not `bonus.abs()`: the absolute value of i32::MIN does
        // not fit an i32 (it wraps to itself in release and would pass).
        if !(-MAX_BONUS..=MAX_BONUS).contains(&bonus) {
            return Err(format!(
                "a bonus from -{MAX_BONUS} to +{MAX_BONUS} expected, found `{text}`"
            ));
        }
        Ok(Dice::new(count, sides, bonus))
    }

    /// The least a roll gives (never below 0: a blow does not heal).
    pub fn min(self) -> i32 {
        (self.count as i32 + self.bonus).max(0)
    }

    /// The most a roll gives.
    pub fn max(self) -> i32 {
        (self.count as i32 * self.sides as i32 + self.bonus).max(0)
    }

    /// The mean of a roll, in tenths (for balance tables).
    pub fn mean_tenths(self) -> i32 {
        (self.count as i32 * (self.sides as i32 + 1) * 5 + self.bonus * 10).max(0)
    }

    /// One roll: a draw a die, in order.
    pub fn roll(self, rng: &mut SimRng) -> i32 {
        let dice: i32 = (0..self.count)
            .map(|_| rng.random_range(1..=self.sides) as i32)
            .sum();
        (dice + self.bonus).max(0)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::sim_rng;

    #[test]
    fn dice_read_and_write_back() {
        for text in ["1d4", "2d4+1", "3d3-2", "20d100+100", "1d4-100"] {
            assert_eq!(Dice::parse(text).unwrap().to_string(), text);
        }
        for bad in [
            "",
            "d4",
            "2d",
            "2x4",
            "0d4",
            "1d0",
            "21d4",
            "1d4+",
            "1d4+101",
            "1d-4",
            " 1d4",
            "1d4-101",
            "1d4-2147483648",
            "1d4-2147483647",
            "1d4+2147483648",
        ] {
            assert!(Dice::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rolls_stay_within_their_bounds_and_cover_them() {
        let mut rng = sim_rng(3);
        let d = Dice::new(2, 4, 1);
        let rolls: Vec<i32> = (0..2000).map(|_| d.roll(&mut rng)).collect();
        assert_eq!(rolls.iter().min(), Some(&d.min()));
        assert_eq!(rolls.iter().max(), Some(&d.max()));
        let mean = rolls.iter().sum::<i32>() * 10 / rolls.len() as i32;
        assert!((mean - d.mean_tenths()).abs() <= 2, "{mean}");
        assert_eq!(Dice::new(1, 4, -10).roll(&mut rng), 0, "a blow never heals");
    }
}
