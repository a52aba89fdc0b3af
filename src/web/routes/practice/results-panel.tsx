import { Download } from "lucide-react";
import type { PracticeResults, PracticeView } from "../../../contracts/practice";
import { normaliseText } from "../../../core/practice/normalise";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { describeError } from "../../lib/api";
import { resultsCsvUrl, usePracticeResults } from "../../features/practice/api";
import { ResetAttemptsButton } from "./reset-attempts-button";

/** "under a minute", "1 min", "12 min": a quiz's time is read in whole minutes. */
const duration = (seconds: number) => (seconds < 60 ? "under a minute" : `${Math.round(seconds / 60)} min`);

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * Each student's attempt count, on the row of their latest attempt (where the reset goes). Students are told apart
 * by their name folded as the server counts attempts, so "ana ortiz" and "Ana Ortiz" are one student.
 */
function latestAttempts(attempts: PracticeResults["attempts"]): Map<string, number> {
  const byStudent = new Map<string, { id: string; count: number }>();
  for (const attempt of attempts) {
    const key = normaliseText(attempt.studentName);
    byStudent.set(key, { id: attempt.id, count: (byStudent.get(key)?.count ?? 0) + 1 });
  }
  return new Map([...byStudent.values()].map((entry) => [entry.id, entry.count]));
}

/** Per student (each attempt) and per question: percent correct and the wrong answer chosen most. */
export function ResultsPanel({ set }: { set: PracticeView }) {
  const query = usePracticeResults(set.id, true);
  if (query.isError) return <p role="alert" className="text-sm text-destructive">{describeError(query.error, "Couldn't load the results. Please try again.")}</p>;
  if (!query.data) return <Spinner label="Loading results..." />;
  const { attempts, items } = query.data;
  if (!attempts.length) return <p className="text-sm text-muted-foreground">No attempts yet. Results appear here as students submit.</p>;
  const latest = latestAttempts(attempts);
  return (
    <div className="grid gap-6">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="mb-2 text-left font-medium">By student</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">Student</th>
              <th scope="col" className="py-2 pr-3 font-medium">Score</th>
              <th scope="col" className="py-2 pr-3 font-medium">Submitted</th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Attempts</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id} className="border-b border-border/60">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {attempt.studentName}
                  {attempt.attemptNumber > 1 ? <span className="font-normal text-muted-foreground"> (attempt {attempt.attemptNumber})</span> : null}
                </th>
                <td className="py-2 pr-3">
                  {attempt.score} / {attempt.maxScore}
                </td>
                <td className="py-2 pr-3 text-muted-foreground">
                  {when(attempt.submittedAt)}
                  {attempt.secondsTaken !== null ? <span className="block">Took {duration(attempt.secondsTaken)}</span> : null}
                  {attempt.secondsOverLimit !== null ? <span className="block font-medium text-destructive">{duration(attempt.secondsOverLimit)} over the time limit</span> : null}
                </td>
                <td className="py-1 text-right">{latest.has(attempt.id) ? <ResetAttemptsButton setId={set.id} whose={{ studentName: attempt.studentName, attemptCount: latest.get(attempt.id)! }} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="mb-2 text-left font-medium">By question</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">Question</th>
              <th scope="col" className="py-2 pr-3 font-medium">Correct</th>
              <th scope="col" className="py-2 font-medium">Most chosen wrong answer</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.itemId} className="border-b border-border/60 align-top">
                <th scope="row" className="py-2 pr-3 text-left font-normal wrap-anywhere">
                  <span className="font-medium">{item.number}.</span> {item.question}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{item.percentCorrect === null ? "No answers" : `${item.percentCorrect}%`}</td>
                <td className="py-2 wrap-anywhere">{item.mostChosenWrong ? `${item.mostChosenWrong.answer} (${item.mostChosenWrong.count})` : "None"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={resultsCsvUrl(set.id)} download>
            <Download aria-hidden />
            Download results (CSV)
          </a>
        </Button>
        <ResetAttemptsButton setId={set.id} whose={{ everyone: true, attemptCount: attempts.length }} />
      </div>
    </div>
  );
}
