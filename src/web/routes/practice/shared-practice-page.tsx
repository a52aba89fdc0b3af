import { useParams } from "react-router";
import { BrandMark } from "../../components/brand";
import { Spinner } from "../../components/ui/spinner";
import { describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useSharedPractice } from "../../features/practice/api";
import { StudyDeck } from "./study-deck";
import { TakeQuiz } from "./take-quiz";

/** What a student opens by link, with no account: a quiz to take or a deck to study. Phone width first. */
export function SharedPracticePage() {
  const { token = "" } = useParams();
  const query = useSharedPractice(token);
  useDocumentTitle(query.data?.title ?? "Practice");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/70">
        <div className="mx-auto flex h-14 max-w-2xl items-center px-4">
          {/* No link home: a student has no account here, and the page should keep them on their practice. */}
          <span className="inline-flex items-center gap-2.5 font-display text-xl font-semibold tracking-tight">
            <BrandMark />
            Markwise
          </span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-16">
        {query.isError ? (
          <div className="rounded-2xl border border-border bg-surface p-6 shadow-card">
            <h1 className="font-display text-2xl font-semibold tracking-tight">{headlineOf(describeError(query.error, "This link could not be opened."))}</h1>
            <p className="mt-2 text-muted-foreground">{detailOf(describeError(query.error, "Check your connection and open the link again."))}</p>
          </div>
        ) : !query.data ? (
          <Spinner label="Loading..." className="py-6" />
        ) : query.data.kind === "quiz" ? (
          <TakeQuiz token={token} quiz={query.data} />
        ) : (
          <StudyDeck token={token} deck={query.data} />
        )}
      </main>
    </div>
  );
}

/** The server's plain message is a headline and a sentence: "This quiz is closed. Your teacher has closed it, ..." */
const headlineOf = (message: string) => message.split(". ")[0]!.replace(/\.$/, "");
const detailOf = (message: string) => message.split(". ").slice(1).join(". ");
