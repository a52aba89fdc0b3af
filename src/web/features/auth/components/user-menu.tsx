import { LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Avatar, AvatarFallback, AvatarImage } from "../../../components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { toast } from "../../../components/ui/toast";
import { initialsFromEmail, type SessionUser } from "../api";
import { useSession } from "../session";

/** The avatar image, or two-letter initials from the e-mail when there is none. */
export function UserAvatar({ user, className, fallbackClassName }: { user: SessionUser; className?: string; fallbackClassName?: string }) {
  const initials = initialsFromEmail(user.email);
  return (
    <Avatar className={className}>
      {user.image ? <AvatarImage src={user.image} alt="" /> : null}
      <AvatarFallback className={fallbackClassName}>{initials || <UserRound aria-hidden className="size-4" />}</AvatarFallback>
    </Avatar>
  );
}

/** The signed-in person's avatar; opens a menu with their name, e-mail and Sign out. */
export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  if (!user) return null;
  const username = user.username || "User";

  async function handleSignOut() {
    setIsSigningOut(true);
    try {
      await signOut();
      navigate("/");
    } catch {
      toast({ variant: "destructive", title: "Sign out failed", description: "Please check your connection and try again." });
    } finally {
      setIsSigningOut(false);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${username}`}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar user={user} className="size-10" />
          <span className="grid min-w-0">
            <span className="truncate font-medium">{username}</span>
            <span className="truncate text-xs text-muted-foreground" title={user.email}>
              {user.email}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isSigningOut}
          onSelect={(event) => {
            // Keep the menu open so "Signing out..." stays visible until the server answers.
            event.preventDefault();
            void handleSignOut();
          }}
        >
          <LogOut aria-hidden />
          {isSigningOut ? "Signing out..." : "Sign out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
