/**
 * Fewer graded essays than this say little about what a class finds hard. On its own so the dashboard assistant can
 * say when "Make practice" will work without loading the generator and its language model.
 */
export const minGradedEssays = 3;
