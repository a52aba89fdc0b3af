import type { SpellChecker } from "../../../core/grading/index.js";

/**
 * Words students use every day that the Hunspell dictionaries (and the frequency list behind spelling guesses) do not
 * hold: without them "wifi" was a misspelling, and the feedback said to "correct 'wifi' to 'wife'". Lower case; a word
 * is looked up in lower case, so "WiFi" and "YouTube" are known too.
 */
const newerWords = new Set(
  (
    "wifi youtube youtuber youtubers ipad ipads iphone iphones instagram snapchat tiktok facebook whatsapp selfie selfies " +
    "emoji emojis smartphone smartphones covid chromebook chromebooks livestream livestreams podcast podcasts " +
    "ebook ebooks esports hashtag hashtags gamer gamers google googled vlog vlogs netflix minecraft fortnite texting"
  ).split(" "),
);

export const newerWordsChecker: SpellChecker = { correct: (word) => newerWords.has(word.toLowerCase()) };
