/**
 * A grade sent to a learning platform sits with the student the work belonged to when it was sent. Work put under
 * another student since (a rename) leaves that grade, and its comment, with the former student: it must be taken back.
 * Pure: the services read the sends and call the platforms; this decides which sends are stale.
 */

/** A grade sent before: which work, and where it went (an LTI user id, a Classroom submission id). */
export interface SentTo {
  submissionId: string;
  to: string;
}

export interface StaleSends {
  /** Sends to take back: nothing of the former student's own is going there now. */
  withdraw: SentTo[];
  /** Places a stale send went to where the student's own grade goes in this send: theirs goes again, replacing it. */
  resendTo: Set<string>;
}

/**
 * The sends whose work no longer goes where they went. `destinationNow` is where each piece of work's grade goes now
 * (undefined: nowhere, its student is not in the course); `sendingTo` is every place a grade goes in this send;
 * `knownPlaces` is every place that belongs to a student matched in the course now.
 */
export function staleSends(
  sent: readonly SentTo[],
  destinationNow: ReadonlyMap<string, string | undefined>,
  sendingTo: ReadonlySet<string>,
  knownPlaces: ReadonlySet<string>,
): StaleSends {
  const withdraw: SentTo[] = [];
  const resendTo = new Set<string>();
  for (const post of sent) {
    // Work deleted since: its send rows go with it (cascade), so a missing entry is work still here without a place.
    const now = destinationNow.get(post.submissionId);
    if (now === post.to) continue;
    // Work with no place now whose old place belongs to no one known either: the match was lost (a class list pasted
    // over the roster drops every platform match), not moved to another student. Taking it back then erased the
    // whole class's grades in the LMS; it stays where it is until a roster import says whose place that is.
    if (now === undefined && !knownPlaces.has(post.to)) continue;
    if (sendingTo.has(post.to)) resendTo.add(post.to);
    else withdraw.push(post);
  }
  return { withdraw, resendTo };
}
