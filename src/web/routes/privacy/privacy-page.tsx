import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SimpleHeader } from "../../components/simple-header";
import { SiteFooter } from "../../components/site-footer";
import { privacyEmail, supportEmail } from "../../lib/contact";
import { useDocumentTitle } from "../../lib/use-document-title";

const lastUpdated = "November 21, 2026";

const sections = [
  { id: "summary", title: "In short" },
  { id: "what-we-store", title: "What we store" },
  { id: "why", title: "Why we use it" },
  { id: "who-can-see-it", title: "Who can see it" },
  { id: "ai-providers", title: "AI providers" },
  { id: "how-long", title: "How long we keep it" },
  { id: "deleting", title: "Deleting your data" },
  { id: "students", title: "Students and children" },
  { id: "security", title: "Keeping it safe" },
  { id: "changes", title: "Changes to this notice" },
  { id: "contact", title: "Contact" },
] as const;

type SectionId = (typeof sections)[number]["id"];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = sections.find((section) => section.id === id)?.title;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="scroll-mt-6 font-display text-2xl leading-snug font-semibold tracking-tight sm:text-[1.7rem]">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 leading-relaxed text-foreground/90 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2.5 [&_ul]:pl-5 [&_ul]:marker:text-primary/60">
        {children}
      </div>
    </section>
  );
}

function MailLink({ address }: { address: string }) {
  return (
    <a
      href={`mailto:${address}`}
      className="rounded-sm font-medium wrap-anywhere text-primary underline underline-offset-4 hover:text-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {address}
    </a>
  );
}

export function PrivacyPage() {
  useDocumentTitle("Privacy");
  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader
        action={
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Home
          </Link>
        }
      />

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-[0.14em] text-primary uppercase">Privacy notice</p>
          <h1 className="mt-3 font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">Your work, and your students' work, stays yours</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Markwise holds lesson material, rubrics and student writing. This notice explains, in plain language, what we keep, why, who
            can see it, and how to have it deleted.
          </p>
          <p className="mt-4 text-sm text-muted-foreground">Last updated {lastUpdated}</p>
        </div>

        <div className="mt-12 grid gap-12 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-label="On this page" className="lg:sticky lg:top-8 lg:self-start">
            <p className="text-sm font-semibold">On this page</p>
            <ol className="mt-3 grid gap-1 border-l border-border text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}-title`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="grid max-w-[68ch] gap-12 text-base sm:text-[1.0625rem]">
            <Section id="summary">
              <ul>
                <li>We keep what you give us so that Markwise can work for you, and nothing more than it needs.</li>
                <li>Your profile, rubrics, samples, student work, grades and feedback can be seen only by you, the teacher who owns them.</li>
                <li>We do not sell data, we do not show advertising, and we use no advertising trackers.</li>
                <li>Student work leaves Markwise only if your school has configured an outside AI provider (see below).</li>
                <li>You can delete your data yourself, or ask us to, at any time.</li>
              </ul>
            </Section>

            <Section id="what-we-store">
              <ul>
                <li>
                  <strong>Your account:</strong> your e-mail address, username, a one-way hash of your password (never the password itself),
                  your sign-in sessions, two-factor settings if you turn them on, and your name and picture if you sign in with Google.
                </li>
                <li>
                  <strong>Your teacher profile and grading preferences:</strong> details such as your school, course and department, and how
                  you like to grade: tone, strictness, feedback length, the balance of grammar and content, late-work policy and the
                  confidence threshold for accepting a grade automatically.
                </li>
                <li>
                  <strong>Rubrics and assignments:</strong> the criteria, points and descriptors you write or upload, and your assignment
                  details and settings.
                </li>
                <li>
                  <strong>Sample and student work:</strong> the graded samples you upload to calibrate Markwise, the student work you ask it
                  to grade, and the scores, feedback and confidence values it suggests, together with your changes to them.
                </li>
                <li>
                  <strong>Conversations with the setup assistant</strong>, including any images you upload there.
                </li>
                <li>
                  <strong>Inquiries and video requests:</strong> what you type into the Get Started, Enterprise and video request forms
                  (name, e-mail, school, position, number of seats, video topic, style and notes).
                </li>
                <li>
                  <strong>Logs:</strong> short technical records of each request (time, the address requested, the result and a request
                  identifier) that let us keep the service running and investigate problems.
                </li>
              </ul>
              <p>We do not ask for, and you should not upload, more about a student than the work needs. Where you can, remove names and other identifying details from student work before uploading it.</p>
            </Section>

            <Section id="why">
              <ul>
                <li>To provide Markwise: to calibrate grading to your rubric and samples and to suggest grades and feedback for your review.</li>
                <li>To keep your account secure: to sign you in, confirm your e-mail address and protect against misuse.</li>
                <li>To answer you: to reply to inquiries, support messages and video requests.</li>
                <li>To keep the service working: to find and fix errors and keep it fast.</li>
              </ul>
              <p>
                We do not use your work or your students' work for advertising, to build profiles of students, or to train AI models for
                anyone else.
              </p>
            </Section>

            <Section id="who-can-see-it">
              <p>
                Everything you store in Markwise belongs to your account. Other teachers cannot see it, and no one else can find it in
                Markwise, unless you choose to share it outside the product yourself.
              </p>
              <p>
                A small number of people who operate Markwise can reach stored data when that is needed to keep the service running, to
                fix a problem you report, or when the law requires it. They do not browse it otherwise.
              </p>
              <p>
                We use a few service providers to run Markwise, such as hosting and e-mail delivery, and they handle data only on our
                instructions. We do not sell or rent data to anyone.
              </p>
            </Section>

            <Section id="ai-providers">
              <p>
                Markwise includes a built-in grader that runs entirely on Markwise's own servers, so by default student work is not sent
                to any outside AI company.
              </p>
              <p>
                If your school chooses to connect an outside AI provider, the text needed for each request (for example the student's
                work, the rubric and your feedback preferences) is sent to that provider to produce a result. The school's agreement with
                that provider then governs how the provider handles it, so check with your school which provider it uses.
              </p>
            </Section>

            <Section id="how-long">
              <ul>
                <li>
                  <strong>Account and teaching data</strong> are kept while your account is open, and deleted when you delete them or
                  close your account.
                </li>
                <li>
                  <strong>Inquiries and video requests</strong> are kept while we are in touch with you, and deleted within 12 months of
                  our last exchange.
                </li>
                <li>
                  <strong>Logs</strong> are deleted on a rolling basis, normally within 30 days.
                </li>
                <li>
                  Deleted data can remain in backups for a short time until those backups are replaced on their normal cycle.
                </li>
              </ul>
            </Section>

            <Section id="deleting">
              <ul>
                <li>
                  <strong>Delete your calibration data</strong> from the setup pages in Markwise: this removes your teacher profile, rubrics
                  and samples.
                </li>
                <li>
                  <strong>Delete your account</strong> from your Profile page in Markwise: this removes your account and everything stored with it.
                </li>
                <li>
                  <strong>Download your data</strong> from the same page: a zip file of everything stored for you, with the files you uploaded.
                </li>
                <li>
                  <strong>Or write to us</strong> at <MailLink address={privacyEmail} /> from the e-mail address on your account. We will
                  confirm the request and complete it within 30 days. You can also ask us for a copy of your data, or to correct it.
                </li>
              </ul>
            </Section>

            <Section id="students">
              <p>
                Markwise is made for teachers and school staff. Student work enters Markwise only when a teacher uploads it, and students
                do not need accounts. Children under 13 should not create their own accounts.
              </p>
              <p>
                When a school or teacher uses Markwise, we handle student work on their behalf and only for the purpose they provide it
                for. The school stays in charge of its students' records, and we support it in meeting its duties under the laws that
                apply to it, such as FERPA and COPPA in the United States or the GDPR in Europe. Parents, students and schools can ask
                for access to, correction of, or deletion of a student's information through the school or by writing to us.
              </p>
              <p>
                Schools should confirm that using Markwise fits their own policies, and we are glad to answer their questions before they
                start.
              </p>
            </Section>

            <Section id="security">
              <p>
                Passwords are stored only as one-way hashes, sign-in can be protected with two-factor authentication, and each teacher's
                data is kept separate from every other teacher's. No system is perfectly secure; if we learn of a breach that affects
                your data, we will tell you and the school without undue delay.
              </p>
            </Section>

            <Section id="changes">
              <p>
                If we change this notice in a way that matters, we will say so in Markwise and by e-mail before the change takes effect.
                The date at the top shows when it last changed.
              </p>
            </Section>

            <Section id="contact">
              <p>
                Questions about privacy or a request about your data: <MailLink address={privacyEmail} />.
              </p>
              <p>
                Anything else: <MailLink address={supportEmail} />.
              </p>
            </Section>
          </article>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
