/** Closed word classes used by the features. Hand-written; kept short on purpose. */

export const stopWords = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves also get got go going like really lot lots thing things very much many " +
    "said say says one would could should dont im thats its it's don't i'm that's can't cant didnt didn't wont won't"
  ).split(" "),
);

/** Words and phrases that signal how ideas connect: the organisation cues a teacher looks for. */
export const transitionPhrases = [
  "first", "firstly", "second", "secondly", "third", "finally", "lastly", "next", "then", "afterwards",
  "however", "therefore", "thus", "moreover", "furthermore", "additionally", "consequently", "meanwhile",
  "in addition", "for example", "for instance", "in conclusion", "to conclude", "in summary", "as a result",
  "on the other hand", "in contrast", "although", "because", "since", "instead", "similarly", "overall",
  "also", "another", "besides", "eventually", "later", "in fact", "even though", "such as",
];

export const firstPersonWords = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our"]);
