import { History } from "lucide-react";
import { earlierRubricMark, earlierRubricNotice, type EarlierRubric } from "../../../../contracts/earlier-rubric";

/**
 * Beside a score given on an earlier rubric (list, queue, gradebook): the score is out of that rubric's total, not the
 * current one's. The notice is in the name, so a screen reader hears why, not only the word.
 */
export function EarlierRubricBadge({ rubric }: { rubric: EarlierRubric }) {
  const notice = earlierRubricNotice(rubric);
  return (
    // Relative: the screen-reader text is positioned absolutely, and inside the gradebook's sideways-scrolling table it
    // would otherwise stretch the whole page to where the cell sits unscrolled.
    <span title={notice} className="relative inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800">
      <History aria-hidden className="size-3" />
      {earlierRubricMark}
      <span className="sr-only">{`: ${notice}`}</span>
    </span>
  );
}
