// The table's page with JavaScript: check the result as it is typed (POST /t/<token>/check,
// the same rules and messages as the server's), keep Send off while a rule is broken, and
// ask for the table's state about once a second. Without it the form posts as it is.
// Every word comes from the server, in the page's language: this script has none.
"use strict";
(() => {
  const form = document.getElementById("result-form");
  const stateBox = document.getElementById("state");
  const send = document.getElementById("send");
  const box = document.getElementById("messages");
  const list = document.getElementById("message-list");
  const lang = document.documentElement.lang;
  let timer = null;
  let asked = 0;

  function rows() {
    const seats = [...form.querySelectorAll("fieldset.seat")];
    return seats.map((seat) => {
      const row = { Player: seat.dataset.player };
      for (const input of seat.querySelectorAll("input[data-header]")) {
        if (input.dataset.kind === "bool") {
          row[input.dataset.header] = input.checked;
        } else {
          const typed = input.value.trim();
          if (typed !== "") row[input.dataset.header] = /^[0-9]+$/.test(typed) ? Number(typed) : typed;
        }
      }
      return row;
    });
  }

  function clear() {
    for (const note of form.querySelectorAll(".note")) note.remove();
    for (const input of form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    list.replaceChildren();
  }

  function show(findings) {
    clear();
    findings.forEach((finding, number) => {
      const player = (finding.where || {}).player;
      const column = (finding.params || {}).column;
      const seat = [...form.querySelectorAll("fieldset.seat")].find((s) => s.dataset.player === player);
      const input = seat && column ? seat.querySelector(`input[data-column="${CSS.escape(column)}"]`) : null;
      const item = document.createElement("li");
      if (input) {
        const note = document.createElement("p");
        note.className = "note";
        note.id = `c${number}`;
        note.textContent = finding.message;
        input.parentElement.append(note);
        const described = input.getAttribute("aria-describedby");
        input.setAttribute("aria-describedby", described ? `${described} ${note.id}` : note.id);
        input.setAttribute("aria-invalid", "true");
        const link = document.createElement("a");
        link.href = `#${input.id}`;
        link.textContent = finding.message;
        item.append(link);
      } else {
        item.textContent = finding.message;
      }
      list.append(item);
    });
    box.hidden = findings.length === 0;
    send.disabled = findings.some((finding) => finding.severity !== "notice");
  }

  async function check() {
    const mine = ++asked;
    try {
      const answer = await fetch(form.dataset.check + `?lang=${lang}`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": lang },
        body: JSON.stringify({ results: rows() }),
      });
      if (mine !== asked || !(answer.ok || answer.status === 422)) return;
      const body = await answer.json();
      if (mine === asked) show(body.findings || []);
    } catch {
      // offline for a moment: the server checks again when the form is sent
    }
  }

  async function poll() {
    try {
      const answer = await fetch(form ? form.dataset.state : `${location.pathname}/state?lang=${lang}`, {
        headers: { accept: "application/json" },
        cache: "no-store",
      });
      if (answer.ok) {
        const body = await answer.json();
        if (body.state !== stateBox.dataset.state) {
          if (body.state === "approved") {
            // the table's page by GET: this one may be a post's answer, whose reload posts again
            location.replace(`${location.pathname}?lang=${lang}`);
            return;
          }
          stateBox.dataset.state = body.state;
          stateBox.className = `state state-${body.state}`;
          stateBox.textContent = body.said;
        }
      }
    } catch {
      // the laptop may be restarting: ask again
    }
    setTimeout(poll, Number(form ? form.dataset.poll : 1000));
  }

  if (form) {
    form.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(check, 250);
    });
  }
  if (stateBox.dataset.state !== "approved") setTimeout(poll, 1000);
})();
