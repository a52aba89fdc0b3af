/**
 * Runs `send` for every item, at most `limit` at a time. A class's feedback mails go out while the teacher waits for
 * the answer, and one after another over SMTP (a connection each) that wait grew with the class. One item failing
 * stops none of the others; the first failure is thrown once all have run.
 */
export async function sendEach<Item>(items: Item[], send: (item: Item) => Promise<void>, limit = 4): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await send(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length) throw failures[0];
}
