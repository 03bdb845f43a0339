/* "Cite these rules": join the chosen rules' citations into one bibliography.
 *
 * Every citation is made at build time by frogspec.citations and written to
 * cite-data.json; this script only joins them, as frogspec.citations.cite_rules does:
 * the rules in the order given (each once), then each source they rest on once, in the
 * bibliography's order. It runs offline: the data file sits beside the page.
 */
"use strict";

function citeBibliography(data, ids, format) {
  const chosen = [];
  for (const id of ids) {
    if (!(id in data.rules)) throw new Error("unknown rule " + id);
    if (!chosen.includes(id)) chosen.push(id);
  }
  if (chosen.length === 0) return "";
  if (format === "text") {
    return chosen.map((id) => data.rules[id].text).join("\n\n");
  }
  const wanted = new Set(chosen.flatMap((id) => data.rules[id].sources));
  const sources = data.source_order.filter((key) => wanted.has(key));
  if (format === "bibtex") {
    // Books not consulted are listed apart, in a comment no style renders as cited.
    const unseenWanted = new Set(chosen.flatMap((id) => data.rules[id].unseen));
    const unseen = data.source_order.filter((key) => unseenWanted.has(key));
    const parts = chosen
      .map((id) => data.rules[id].bibtex)
      .concat(sources.map((key) => data.sources[key].bibtex));
    if (unseen.length > 0) {
      parts.push(
        data.not_consulted_head +
          unseen.map((key) => data.sources[key].not_consulted).join("; ") +
          "}",
      );
    }
    return parts.join("\n\n");
  }
  if (format === "csl-json") {
    const items = chosen
      .map((id) => data.rules[id].csl)
      .concat(sources.map((key) => data.sources[key].csl));
    return JSON.stringify(items, null, 2);
  }
  throw new Error("unknown format " + format);
}

const CITE_EXTENSIONS = { text: "txt", bibtex: "bib", "csl-json": "json" };

function citeSetUp(root) {
  const output = document.getElementById("fs-cite-output");
  const format = document.getElementById("fs-cite-format");
  const download = document.getElementById("fs-cite-download");
  const boxes = Array.from(root.querySelectorAll('input[name="rule"]'));
  let data = null;
  let url = null;

  function refresh() {
    if (data === null) return;
    const ids = boxes.filter((box) => box.checked).map((box) => box.value);
    const text = citeBibliography(data, ids, format.value);
    output.textContent = text || "Tick one or more rules below.";
    if (url !== null) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([text + "\n"], { type: "text/plain" }));
    download.href = url;
    download.download = "frogspec-citation." + CITE_EXTENSIONS[format.value];
    download.toggleAttribute("aria-disabled", !text);
  }

  boxes.forEach((box) => box.addEventListener("change", refresh));
  format.addEventListener("change", refresh);
  document.getElementById("fs-cite-none").addEventListener("click", () => {
    boxes.forEach((box) => (box.checked = false));
    refresh();
  });
  document.getElementById("fs-cite-copy").addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText(output.textContent);
  });
  fetch(root.dataset.citeData)
    .then((response) => {
      if (!response.ok) throw new Error(response.status + " " + response.statusText);
      return response.json();
    })
    .then((loaded) => {
      data = loaded;
      root.dataset.citeReady = "yes";
      refresh();
    })
    .catch((error) => {
      output.textContent = "The citations could not be loaded (" + error.message + ").";
    });
}

if (typeof document !== "undefined") {
  document.addEventListener("DOMContentLoaded", () => {
    const root = document.querySelector(".fs-cite");
    if (root !== null) citeSetUp(root);
  });
}

if (typeof module !== "undefined") module.exports = { citeBibliography };
