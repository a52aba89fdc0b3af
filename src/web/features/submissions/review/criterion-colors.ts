/**
 * One color per criterion, for its evidence highlights and its swatch. Written out in full so Tailwind finds the
 * classes; after the sixth criterion the colors repeat, and the numbered labels keep criteria apart.
 */
const palette = [
  { mark: "bg-amber-100", strong: "bg-amber-200 ring-2 ring-amber-500", swatch: "bg-amber-400" },
  { mark: "bg-sky-100", strong: "bg-sky-200 ring-2 ring-sky-500", swatch: "bg-sky-400" },
  { mark: "bg-rose-100", strong: "bg-rose-200 ring-2 ring-rose-500", swatch: "bg-rose-400" },
  { mark: "bg-violet-100", strong: "bg-violet-200 ring-2 ring-violet-500", swatch: "bg-violet-400" },
  { mark: "bg-lime-100", strong: "bg-lime-200 ring-2 ring-lime-600", swatch: "bg-lime-500" },
  { mark: "bg-orange-100", strong: "bg-orange-200 ring-2 ring-orange-500", swatch: "bg-orange-400" },
] as const;

export const criterionColor = (index: number) => palette[index % palette.length]!;
