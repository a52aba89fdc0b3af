import { Download } from "lucide-react";
import type { PracticeView } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { exportUrl } from "../../features/practice/api";

const quizFormats = [
  { format: "qti", label: "QTI for Canvas and Moodle (.zip)" },
  { format: "moodle", label: "Moodle XML" },
  { format: "paper", label: "Printable paper with answer key" },
];
const deckFormats = [
  { format: "csv", label: "CSV for Quizlet and Anki" },
  { format: "tsv", label: "TSV (tab-separated) for Anki" },
];

/** Downloads for the platforms schools already use. */
export function ExportLinks({ set }: { set: PracticeView }) {
  const formats = set.kind === "quiz" ? quizFormats : deckFormats;
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map(({ format, label }) => (
        <Button key={format} asChild variant="outline" size="sm">
          <a href={exportUrl(set.id, format)} download>
            <Download aria-hidden />
            {label}
          </a>
        </Button>
      ))}
    </div>
  );
}
