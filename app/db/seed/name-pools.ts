/**
 * Word pools for invented game titles. Glossary words (see glossary.ts) let a
 * title be localised; the "extra" words deliberately have no entry so that the
 * catalogue has the realistic mix of localised and English-only titles.
 */

/** Pools are written as one string each to stay readable; "|" separates entries that contain spaces. */
function words(s: string): string[] {
  return s.split(" ");
}
function list(s: string): string[] {
  return s.split("|");
}

export type Theme = "ph" | "asia" | "west" | "classic" | "sky";

export const SLOT_MODS = words(
  "Golden Lucky Magic Happy Red Silver Ancient Mystic Little Big Sweet Hot Diamond Royal Wild Super Thunder Fire Jade Crystal Twin",
);
export const EXTRA_MODS = words(
  "Mega Neon Cosmic Blazing Frozen Shining Secret Mighty Epic Turbo Triple Sizzling Stormy Velvet Electric Spicy Sunny Grand Hidden Savage",
);

export const THEME_NOUNS: Record<Theme, { glossed: string[]; extra: string[] }> = {
  ph: {
    glossed: words("Carabao Jeepney Mango Fiesta Sampaguita Rooster Bamboo Pearl Island Volcano"),
    extra: words("Tarsier Lechon Kalesa Parol Barong Sinulog Bangka Tamaraw"),
  },
  asia: {
    glossed: words("Dragon Tiger Phoenix Koi Panda Monkey Lotus Ninja Samurai Temple Elephant Genie"),
    extra: words("Lantern Shogun Ronin Emperor Crane Firecracker Pagoda Sultan"),
  },
  west: {
    glossed: words("Pirate Mermaid Queen King Princess Goddess Warrior Pharaoh Eagle Buffalo Lion"),
    extra: words("Viking Cowboy Unicorn Vampire Wizard Knight Sphinx Oracle Jester Gorilla Rhino Wolf Yeti Robot"),
  },
  classic: {
    glossed: words("Fruits Cherry Candy Coins Gems Mango"),
    extra: words("Joker Bells Sevens Lemon Melon Pinata Cupcake Donut"),
  },
  sky: {
    glossed: words("Moon Sun Star Ocean Island Volcano"),
    extra: words("Galaxy Comet Aurora Nebula Rocket Meteor"),
  },
};

/** Nouns whose slots are drawn as fruit machines and classified CLASSIC. */
export const CLASSIC_NOUNS = new Set(words("Fruits Cherry Coins Joker Bells Sevens Lemon Melon"));

/** Nouns that can own something, for "Pirate's Bounty"-style titles ("Fruits's …" would read badly). */
export const CHARACTERS = words(
  "Carabao Rooster Tarsier Dragon Tiger Phoenix Panda Monkey Ninja Samurai Genie Shogun Ronin Emperor Sultan Pirate " +
    "Mermaid Queen King Princess Goddess Warrior Pharaoh Viking Cowboy Unicorn Vampire Wizard Knight Oracle Jester Joker",
);

export const SLOT_HEADS = words("Fortune Treasure Legend Adventure Kingdom Party Jackpot Palace Dreams Empire Festival");
export const EXTRA_HEADS = words(
  "Rush Blast Spins Wins Frenzy Riches Quest Showdown Bounty Reels Strike Crown Vault Charms Glory",
);

export const PLACES = words("Manila Cebu Boracay Palawan Davao Baguio");
export const PLACE_HEADS = words("Nights Sunset Dreams Festival Fortune");

export const STORY_LEADS = words("Secrets Rise Curse Return Call Song Dance Heart Tale Realm");
export const WORD_EDITIONS = ["Deluxe", "Xtreme", "Ultra"];

export const SEA_NOUNS = {
  glossed: words("Shark Octopus Whale Crab Turtle Mermaid Ocean Koi Pirate Dragon Pearl"),
  extra: words("Kraken Marlin Stingray Lobster Piranha Tuna"),
};
export const FISH_HEADS = {
  glossed: words("Hunter Fishing Party Legend Kingdom"),
  extra: words("Frenzy Blast Showdown Bounty Strike Rush"),
};

/** Hand-written bingo titles: perya (fair) flavour, never localised. */
export const BINGO_RAW = list(
  "Perya Bingo 75|Bingo 90 Classic|Speed Bingo Blitz|Barangay Bingo Night|Pinoy Bingo Bonanza Hall|Bingo Express 30|Sari-Sari Bingo|Bingo Halo-Halo|Bingo Pop Party|Turbo Bingo 80",
);

/** Combinations the generator can produce that read badly; rejected like real titles. */
export const AWKWARD_TITLES = new Set(list("temple palace|palace temple|sweet elephant|sweet samurai|sweet warrior|hot ninja"));

/**
 * Real titles the generator could stumble on; any candidate matching one
 * (case-insensitively, with or without its edition) is thrown away.
 */
export const REAL_TITLES = new Set(
  list(
    "fortune tiger|fortune ox|fortune mouse|fortune rabbit|fortune dragon|fortune gems|golden empire|super ace|money coming|" +
      "boxing king|lucky neko|mahjong ways|wild bounty showdown|treasures of aztec|caishen wins|dragon hatch|ganesha gold|" +
      "ganesha fortune|sweet bonanza|gates of olympus|sugar rush|starlight princess|wolf gold|great rhino|big bass bonanza|" +
      "fruit party|gems bonanza|buffalo king|jungle king|golden queen|charge buffalo|pharaoh treasure|lucky coming|" +
      "bone fortune|fortune tree|night city|golden joker|fortune monkey|jackpot fishing|mega fishing|royal fishing|" +
      "bombing fishing|happy fishing|dragon fortune|ocean king|boom legend|color game|crazy time|lightning roulette|mega ball|" +
      "dream catcher|fishing frenzy|fishing god|fishing war|dragon master|fortune god|golden bank|lucky piggy|prosperity lion|" +
      "queen of bounty|legend of perseus|jurassic kingdom|mermaid riches|shark bounty|lucky clover|golden land|" +
      "lucky goldbricks|fortune bingo|super bingo|jackpot bingo|magic lamp bingo|candyland bingo|golden temple|party star|" +
      "crazy hunter|lucky ball|sweet land|dragon legend|double fortune|phoenix rises|jungle delight|dragon tiger luck|" +
      "midas fortune|safari wilds|pinata wins|mystic potion|lucky phoenix|dragon soar|golden disco|lucky diamond|" +
      "treasure bowl|fortune treasure|wonder elephant|jump high|god of war|fire chibi|lucky boxes|golden eggs|dragon koi|" +
      "wild ape|hot chilli|golden genie|fortune koi|lucky fortunes|night market|golden panther|fortune egg|rich man|" +
      "aztec gems|fruity candy|candy burst|ocean paradise|monkey king|tiger legends|golden dragon|lucky panda|panda fortune|" +
      "koi fortune|dragon treasure|lucky lion|king of the jungle|golden fortune|moon princess|wild west gold|fire strike|" +
      "big catch|mega fire blaze|crystal fortune|star fortune",
  ),
);
