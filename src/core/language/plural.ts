/** "1 word", "2 words"; `many` for a plural that is not the word plus s ("1 child", "3 children"). */
export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;
