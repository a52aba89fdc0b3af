import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { installPopStateGuard } from "./lib/pop-state-guard";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain <div id=\"root\">");

// Before the router exists: its popstate listener must come second, so a guarded page can stop Back first.
installPopStateGuard();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
