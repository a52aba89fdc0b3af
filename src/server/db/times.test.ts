import { describe, expect, it } from "vitest";
import { isoTime, timeFromJson } from "./times";

describe("timeFromJson", () => {
  it("reads PostgreSQL's JSON times as new Date reads them", () => {
    const texts = [
      "2026-11-27T15:13:00.123456+00:00",
      "2026-11-27T15:13:00+00:00",
      "2026-11-27T15:13:00.1+05:30",
      "2026-11-27T15:13:00.12+00:00",
      "2026-01-01T00:00:00.999999-08:00",
      "2024-02-29T23:59:59.9995-00:30",
      "2000-03-01T00:00:00+14:00",
      "1970-01-01T00:00:00+00:00",
      "1969-12-31T23:59:59.999+00:00",
    ];
    for (const text of texts) expect(timeFromJson(text).getTime(), text).toBe(new Date(text).getTime());
  });

  it("agrees with new Date on random times and offsets", () => {
    for (let i = 0; i < 2000; i++) {
      const offset = [0, 330, -480, 60, 345, -210][i % 6]!;
      const local = new Date(Math.floor(Math.random() * 4e12) - 1e12 + offset * 60_000).toISOString().slice(0, 23);
      const sign = offset < 0 ? "-" : "+";
      const zone = `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
      const text = `${local}${String(i % 1000).padStart(3, "0")}${zone}`;
      expect(timeFromJson(text).getTime(), text).toBe(new Date(text).getTime());
    }
  });

  it("hands any other form to new Date", () => {
    for (const text of ["2026-11-27 15:13:00+00", "infinity", "2026-11-27T15:13:00.1234567+00:00", "2026-13-01T00:00:00+00:00", "2026-11-27T15:13:00Z"]) {
      expect(timeFromJson(text).getTime(), text).toEqual(new Date(text).getTime());
    }
  });
});

describe("isoTime", () => {
  it("writes what toISOString writes", () => {
    for (let i = 0; i < 2000; i++) {
      const date = new Date(Math.floor(Math.random() * 8e12) - 2e12);
      expect(isoTime(date)).toBe(date.toISOString());
    }
    expect(isoTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("2026-01-02T03:04:05.006Z");
  });

  it("leaves years outside 1000-9999 and an invalid date to toISOString", () => {
    expect(isoTime(new Date(Date.UTC(12_000, 0, 1)))).toBe("+012000-01-01T00:00:00.000Z");
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
