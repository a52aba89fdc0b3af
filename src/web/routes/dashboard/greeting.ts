/** Spec section 2: before 12 morning, before 17 afternoon, otherwise evening, in the teacher's local time. */
export function greetingFor(date: Date): "Good morning" | "Good afternoon" | "Good evening" {
  const hour = date.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}
