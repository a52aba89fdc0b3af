import { CalendarDays, X } from "lucide-react";
import { useId, useState, type CSSProperties } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { fieldControlClass } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";
import { formatLongDate } from "../format";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

const calendarColors = {
  "--rdp-accent-color": "var(--color-primary)",
  "--rdp-accent-background-color": "var(--color-accent-soft)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

/** One day from a calendar in a popover; the button shows it in the long date format, or "Pick a date". */
export function DatePicker({ label, value, onChange }: { label: string; value: Date | undefined; onChange: (date: Date | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const buttonId = useId();
  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm leading-none font-medium">
        {label}
      </span>
      <div className="flex gap-2">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger
            id={buttonId}
            aria-labelledby={`${labelId} ${buttonId}`}
            className={cn(fieldControlClass, "flex h-11 items-center gap-2 text-left sm:h-10", !value && "text-muted-foreground/80")}
          >
            <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{value ? formatLongDate(value) : "Pick a date"}</span>
          </PopoverTrigger>
          <PopoverContent className="w-auto p-2">
            <DayPicker
              mode="single"
              selected={value}
              defaultMonth={value}
              autoFocus
              style={calendarColors}
              className="text-sm"
              // These replace the library's own classes (its unlayered stylesheet would beat Tailwind's utilities).
              classNames={{
                day_button:
                  "inline-flex size-[38px] cursor-pointer items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                selected: "font-semibold [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover",
                today: "font-semibold text-primary",
              }}
              onSelect={(date) => {
                onChange(date);
                setOpen(false);
              }}
            />
          </PopoverContent>
        </Popover>
        {value ? (
          <button
            type="button"
            onClick={() => onChange(undefined)}
            aria-label={`Clear ${label.toLowerCase()}`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-input bg-surface text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:size-10"
          >
            <X aria-hidden className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
