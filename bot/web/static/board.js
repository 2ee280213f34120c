/* The web board: the table of one game drawn from what the bot sends this viewer (their `rules.view`),
 * played by taps. Plain JavaScript, no build: the page signs in (a private link's token, a kept
 * session, or the Activity's sign-in with Discord), reads the pieces' tables and names in the viewer's
 * language, draws the board, and listens on a WebSocket for every new version of the game. Every move
 * is sent as the rules' text form of an action, which the bot judges and plays as it does a slash
 * command's; the page never decides what is legal, it shows the choices the bot lists. */
(() => {
  "use strict";

  const BASE = location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
  const QUERY = new URLSearchParams(location.search);
  const KEPT = "coal-board-session";
  const SVG = "http://www.w3.org/2000/svg";

  const my = {
    lang: QUERY.get("lang") || (navigator.languages && navigator.languages[0]) || navigator.language || "en",
    session: null,
    tables: null,
    data: null,
    mining: null, // {steps, plan: [...], answer}
    busy: false,
    socket: null,
    retry: 500,
    readFailed: false,
    readDelay: 1000, // before a refused read is made again (doubled each time, up to 10 s)
    opener: null, // what had the focus when the sheet opened
  };

  // --- small helpers -------------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);
  const W = (key, params) => {
    let text = (my.tables && my.tables.words[key]) || key;
    for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
    return text;
  };
  const names = () => my.tables.names;

  function html(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat()) if (child) node.append(child);
    return node;
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const child of children.flat()) if (child) node.append(child);
    return node;
  }

  function picture(width, height, label, ...children) {
    return svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label },
      label ? svg("title", {}, label) : null, ...children);
  }

  async function call(method, path, body) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (my.session) headers.Authorization = `Bearer ${my.session}`;
    const sep = path.includes("?") ? "&" : "?";
    let response;
    try {
      response = await fetch(`${BASE}${path}${sep}lang=${encodeURIComponent(my.lang)}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      return { ok: false, status: 0, data: {} };
    }
    let data = {};
    try { data = await response.json(); } catch (err) { data = {}; }
    return { ok: response.ok, status: response.status, data };
  }

  function notice(text) {
    const box = $("notice");
    box.textContent = text || "";
    box.hidden = !text;
  }

  // --- the pieces, as the images draw them ------------------------------------------------------------

  function mark(colour, x, y, n, ink) {
    const shape = my.tables.palette.marks[colour];
    const p = (u, v) => `${x + u * n},${y + v * n}`;
    if (shape === "dot") return svg("circle", { cx: x + n / 2, cy: y + n / 2, r: n / 4, fill: ink });
    if (shape === "triangle") return svg("polygon", { points: [p(0.5, 0.14), p(0.87, 0.8), p(0.13, 0.8)].join(" "), fill: ink });
    if (shape === "bar") return svg("rect", { x: x + 0.12 * n, y: y + 0.37 * n, width: 0.76 * n, height: 0.26 * n, fill: ink });
    return svg("g", {},
      svg("rect", { x: x + 0.12 * n, y: y + 0.38 * n, width: 0.76 * n, height: 0.24 * n, fill: ink }),
      svg("rect", { x: x + 0.36 * n, y: y + 0.1 * n, width: 0.28 * n, height: 0.8 * n, fill: ink }));
  }

  function cube(colour, x, y, n) {
    const pal = my.tables.palette;
    return svg("g", { class: "cube" },
      svg("rect", { x, y, width: n, height: n, rx: n * 0.15, fill: pal.coal[colour], stroke: pal.edge[colour], "stroke-width": 1 }),
      mark(colour, x + n * 0.15, y + n * 0.15, n * 0.7, pal.ink[colour]));
  }

  function spotRing(colour, x, y, n) { // an empty order spot: the colour it asks for, as a ring with its mark
    const pal = my.tables.palette;
    return svg("g", { class: "spot" },
      svg("rect", { x: x + 1, y: y + 1, width: n - 2, height: n - 2, rx: n * 0.2, fill: "#fffdf6", stroke: pal.coal[colour] === "#161616" ? "#161616" : pal.edge[colour], "stroke-width": 2.5 }),
      mark(colour, x + n * 0.25, y + n * 0.25, n * 0.5, pal.edge[colour]));
  }

  function pawn(seat, x, y, n) {
    const colour = my.tables.palette.seats[my.data.seats[seat].colour] || "#777";
    const initial = (my.data.seats[seat].name || "?").slice(0, 1).toUpperCase();
    return svg("g", { class: "pawn" },
      svg("circle", { cx: x + n / 2, cy: y + n * 0.28, r: n * 0.24, fill: colour, stroke: "#141414", "stroke-width": 1 }),
      svg("path", { d: `M${x + n * 0.12},${y + n} Q${x + n / 2},${y + n * 0.3} ${x + n * 0.88},${y + n} Z`, fill: colour, stroke: "#141414", "stroke-width": 1 }),
      svg("text", { x: x + n / 2, y: y + n * 0.36, "text-anchor": "middle", "font-size": n * 0.34, fill: "#fff", "font-weight": 700 }, initial));
  }

  function tilePicture(tileId, size) {
    const tile = my.tables.tiles[tileId];
    const n = size * 0.36;
    const parts = [svg("rect", { x: 1, y: 1, width: size * 1.4 - 2, height: size - 2, rx: 6, class: tile.dark ? "tile dark" : "tile light" })];
    for (let k = 0; k < tile.carts; k++) parts.push(cube(tile.colour, 6 + k * (n + 4), size * 0.14, n));
    parts.push(svg("text", { x: size * 0.7, y: size * 0.86, "text-anchor": "middle", class: "price" }, `${tile.price}`));
    parts.push(svg("text", { x: size * 1.4 - 8, y: size * 0.38, "text-anchor": "end", class: "side" }, tile.dark ? "◐" : "☀"));
    const label = `${names().tiles[tileId]}; ${names().prices[tileId]}`;
    return picture(size * 1.4, size, label, ...parts);
  }

  function cardPicture(cardId, size, spots) {
    const card = my.tables.cards[cardId];
    const n = Math.min(size * 0.34, (size * 1.4 - 10) / Math.max(3, card.spots.length) - 3);
    const parts = [svg("rect", { x: 1, y: 1, width: size * 1.4 - 2, height: size - 2, rx: 6, class: `card vehicle-${card.vehicle}` })];
    parts.push(svg("text", { x: 6, y: size * 0.3, class: "vehicle" }, names().vehicles[card.vehicle]));
    parts.push(svg("text", { x: size * 1.4 - 6, y: size * 0.3, "text-anchor": "end", class: "vp" }, `${card.vp}`));
    card.spots.forEach((colour, k) => {
      const x = 6 + k * (n + 3), y = size * 0.45;
      const filled = spots && spots[k] && spots[k].length ? spots[k] : null;
      if (!filled) parts.push(spotRing(colour, x, y, n));
      else if (filled.length === 1) parts.push(cube(filled[0], x, y, n));
      else parts.push(cube(filled[0], x, y, n / 2), cube(filled[1], x + n / 2, y + n / 2, n / 2));
    });
    return picture(size * 1.4, size, names().cards[cardId], ...parts);
  }

  function hiddenPicture(size, label) {
    return picture(size * 1.4, size, label,
      svg("rect", { x: 1, y: 1, width: size * 1.4 - 2, height: size - 2, rx: 6, class: "back" }),
      svg("text", { x: size * 0.7, y: size * 0.62, "text-anchor": "middle", class: "back-mark" }, "?"));
  }

  // --- the board: the worker spaces ---------------------------------------------------------------------

  function choicesAt(space) {
    return my.data.choices.filter((c) => c.space === space);
  }

  function spaceContent(space) {
    const v = my.data.view;
    if (space.group === "factory" && space.value !== "draw") {
      const tile = v.factory[space.value - 1];
      return tile === null ? null : { picture: tilePicture(tile, 44), words: `${names().tiles[tile]}, ${names().prices[tile]}` };
    }
    if (space.group === "order" && space.value !== "draw") {
      const card = v.order_spaces[space.value - 1];
      return card === null ? null : { picture: cardPicture(card, 44), words: names().cards[card] };
    }
    if (space.value === "draw") {
      const deck = space.group === "factory" ? v.tile_deck.length : v.order_deck.length;
      return { picture: hiddenPicture(44, W("deck_count", { count: deck })), words: W("deck_count", { count: deck }) };
    }
    if (space.group === "mine") return { picture: null, words: W("steps", { steps: space.value }) };
    if (space.group === "money") return { picture: null, words: names().prices.length ? "" : "" };
    return { picture: null, words: "" };
  }

  function spaceButton(space) {
    const v = my.data.view;
    const n = v.players.length;
    const locked = (my.tables.locked[String(n)] || []).includes(space.index);
    const owner = v.space_owner[space.index];
    const count = v.space_workers[space.index];
    const legal = choicesAt(space.index);
    const name = names().spaces[space.index];
    const content = locked ? null : spaceContent(space);
    const here = count ? W("workers_here", { workers: `${count}` }) : "";
    const label = [name, locked ? W("locked") : content && content.words, owner >= 0 ? `${v.players[owner].name} ×${count}` : "", legal.length ? W("cost", { workers: my.data.costs[space.index] }) : ""]
      .filter(Boolean).join("; ");
    const button = html("button", {
      type: "button", class: `space group-${space.group}${legal.length ? " legal" : ""}${locked ? " locked" : ""}`,
      "data-space": space.index, "aria-label": label, title: label, onclick: () => openSpace(space),
    },
    html("span", { class: "space-name", text: shortName(space) }),
    content && content.picture ? content.picture : null,
    !locked && !(content && content.picture) ? html("span", { class: "space-big", text: bigWord(space) }) : null,
    locked ? html("span", { class: "locked-word", text: W("locked") }) : null,
    owner >= 0 ? html("span", { class: "workers" }, picture(16, 18, "", pawn(owner, 0, 0, 16)), html("span", { text: `×${count}` })) : null,
    legal.length ? html("span", { class: "cost", text: my.data.costs[space.index] }) : null);
    if (here) button.dataset.here = here;
    return button;
  }

  function shortName(space) {
    if (space.group === "deliver") return names().spaces[space.index];
    return names().spaces[space.index];
  }

  function bigWord(space) {
    if (space.group === "mine") return `${space.value}`;
    if (space.group === "money") return `+${space.value}`;
    return "";
  }

  function drawBoard() {
    const v = my.data.view;
    const spaces = my.tables.spaces;
    const groups = ["factory", "mine", "deliver", "money", "order"];
    const board = $("board");
    board.replaceChildren(html("h2", { text: W("board") }));
    for (const group of groups) {
      const row = html("div", { class: `group group-${group}`, role: "group", "aria-label": W(`${group}_group`) },
        html("h3", { text: W(`${group}_group`) }),
        html("div", { class: "spaces" }, spaces.filter((s) => s.group === group).map(spaceButton)));
      board.append(row);
    }
    // the bank: always there, any number of workers
    const bankChoices = my.data.choices.filter((c) => c.command === "bank");
    const onBank = v.bank.map((k, seat) => (k ? `${v.players[seat].name} ×${k}` : "")).filter(Boolean).join(", ");
    const canteen = v.canteen.map((k, seat) => (k ? `${v.players[seat].name} ×${k}` : "")).filter(Boolean).join(", ");
    const bankLabel = [W("bank"), onBank, bankChoices.length ? bankChoices[0].label : ""].filter(Boolean).join("; ");
    board.append(html("div", { class: "group group-bank" },
      html("button", { type: "button", class: `space bank${bankChoices.length ? " legal" : ""}`, "aria-label": bankLabel, title: bankLabel, onclick: () => openBank() },
        html("span", { class: "space-name", text: W("bank") }), html("span", { class: "space-big", text: "+1" }),
        html("span", { class: "workers", text: onBank })),
      html("div", { class: "canteen", title: W("canteen") }, html("span", { class: "space-name", text: W("canteen") }), html("span", { text: canteen || "–" })),
      html("div", { class: "supply", title: W("storage") },
        picture(150, 26, v.supply.map((k, c) => names().cubes[c][Math.min(k, 5)].replace(/^\d+/, `${k}`)).join(", "),
          ...v.supply.map((k, c) => svg("g", {}, cube(c, c * 37 + 2, 4, 16), svg("text", { x: c * 37 + 20, y: 17, class: "count" }, `${k}`)))))));
  }

  // --- the shift clock, the players ---------------------------------------------------------------------

  function drawClock() {
    const v = my.data.view;
    const scored = my.tables.scored[String(v.shift)] || 0;
    const box = $("clock");
    box.replaceChildren(html("h2", { text: `${W("clock")} · ${W("shift", { shift: v.shift })}` }));
    const list = html("ol", { class: "clock" });
    my.tables.clock.forEach((e, k) => {
      const label = `${e.number}: ${names().clock[k]}; ${W("first_second", { first: e.first, second: e.second })}${e.number <= scored ? "; " + W("scored_now") : ""}`;
      let icon = null;
      if (e.kind === "colour") icon = picture(20, 20, "", cube(e.which, 2, 2, 16));
      else if (e.kind === "carts") icon = picture(20, 20, "", svg("rect", { x: 2, y: 6, width: 16, height: 10, rx: 2, fill: "none", stroke: my.tables.palette.edge[e.which], "stroke-width": 2 }), mark(e.which, 6, 1, 8, my.tables.palette.edge[e.which]));
      else icon = html("span", { class: "vehicle-word", text: names().vehicles[e.which].slice(0, 3) });
      list.append(html("li", { class: e.number <= scored ? "scored" : "", title: label, "aria-label": label },
        html("span", { class: "number", text: `${e.number}` }), icon, html("span", { class: "vp", text: `${e.first}/${e.second}` })));
    });
    box.append(list);
  }

  function drawPlayers() {
    const v = my.data.view;
    const table = html("table", { class: "players" },
      html("thead", {}, html("tr", {}, [W("player"), W("vp"), W("marks"), W("in_hand"), W("orders"), W("delivered")].map((h) => html("th", { scope: "col", text: h })))));
    const body = html("tbody");
    v.players.forEach((p, seat) => {
      const flags = [seat === v.start_player ? "⚑" : "", my.data.seats[seat].computer ? W("computer") : "", p.name === my.data.you ? W("you") : ""].filter(Boolean).join(" ");
      body.append(html("tr", { class: seat === v.current && v.phase !== "over" ? "to-move" : "" },
        html("th", { scope: "row" }, picture(16, 18, "", pawn(seat, 0, 0, 16)), html("span", { text: ` ${p.name} ${flags}` })),
        html("td", { text: `${p.vp}` }), html("td", { text: `${p.marks}` }), html("td", { text: `${p.workers}` }),
        html("td", { text: `${p.orders.length}` }), html("td", { text: `${p.delivered.length}` })));
    });
    table.append(body);
    const box = $("players");
    box.replaceChildren(html("h2", { text: W("players") }), html("div", { class: "scroll" }, table));
    if (v.phase === "over" && v.winners.length) {
      box.append(html("p", { class: "winners", text: W("winners", { players: v.winners.map((k) => v.players[k].name).join(", ") }) }));
    }
  }

  // --- a pit: the shaft with its levels and the cage, the carts, storage and orders ----------------------

  // targets: for the mining panel, a map from a thing on the pit to the legal next steps done to it
  function pitPicture(p, targets) {
    const LEVEL_H = 34, SHAFT_W = 124, CUBE = 18;
    const maxCarts = Math.max(...p.carts.map((l) => l.length));
    const width = Math.max(330, SHAFT_W + 6 + maxCarts * (CUBE + 8) + 10);
    const height = LEVEL_H * 5 + 8;
    const pal = my.tables.palette;
    const parts = [];
    const target = (key, node, label) => {
      const steps = targets && targets[key];
      if (!steps || !steps.length) return node;
      return svg("g", {
        class: `target ${key.split(":")[0]}-target`, role: "button", tabindex: 0, "aria-label": label || steps.map((s) => s.label).join(" / "),
        onclick: () => chooseStep(steps), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); chooseStep(steps); } },
      }, svg("title", {}, label || steps.map((s) => s.label).join(" / ")), node);
    };
    for (let level = 0; level <= 4; level++) {
      const y = 4 + level * LEVEL_H;
      const band = level === 0 ? "#d9e6c9" : pal.coal[level - 1];
      parts.push(svg("rect", { x: 2, y, width: width - 4, height: LEVEL_H - 2, rx: 4, fill: level === 0 ? "#eef3e6" : "#f7f3ea", stroke: "#b9ad98" }));
      // the level's cell, left of its carts: its colour, name and the shaft, where the cage is sent
      const cell = [svg("rect", { x: 2, y, width: SHAFT_W - 4, height: LEVEL_H - 2, rx: 4, fill: "none", stroke: "none", "pointer-events": "all" }),
        svg("rect", { x: 2, y, width: 10, height: LEVEL_H - 2, fill: band })];
      if (level > 0) cell.push(mark(level - 1, 2, y + LEVEL_H / 2 - 6, 10, pal.ink[level - 1]));
      cell.push(svg("text", { x: 16, y: y + LEVEL_H / 2 + 3, class: "level-name" }, names().levels[level]));
      cell.push(svg("rect", { x: SHAFT_W - 56, y, width: 52, height: LEVEL_H - 2, fill: "#d8d0bf" })); // the shaft
      parts.push(target(`cage:${level}`, svg("g", { class: "level" }, ...cell), `${names().at_level[level]}: ${(targets && targets[`cage:${level}`] || []).map((s) => s.label).join(" / ")}`));
      if (level === 0) { // the surface: storage
        const stored = [];
        p.storage.forEach((k, c) => { for (let i = 0; i < k; i++) stored.push(c); });
        const cubes = stored.map((c, i) => cube(c, SHAFT_W + 6 + i * (CUBE + 1), y + 8, CUBE - 2));
        const label = `${W("storage")}: ${stored.length ? p.storage.map((k, c) => (k ? names().cubes[c][Math.min(k, 5)] : "")).filter(Boolean).join(", ") : W("nothing")}`;
        parts.push(target("store", svg("g", { class: "storage" },
          svg("rect", { x: SHAFT_W, y: y + 4, width: width - SHAFT_W - 6, height: LEVEL_H - 10, rx: 4, fill: "#fff", stroke: "#9a8f7a", "stroke-dasharray": "4 3" }),
          svg("text", { x: width - 8, y: y + 14, "text-anchor": "end", class: "small" }, W("storage")), ...cubes), label));
      } else { // a level: its carts, the printed one first
        p.carts[level - 1].forEach((content, k) => {
          const x = SHAFT_W + 6 + k * (CUBE + 8), cy = y + 6;
          const cart = svg("g", { class: "cart" },
            svg("rect", { x: x - 2, y: cy + CUBE - 2, width: CUBE + 4, height: 6, rx: 2, fill: "#5b5146" }),
            content >= 0 ? cube(content, x, cy, CUBE) : svg("rect", { x, y: cy + 4, width: CUBE, height: CUBE - 4, fill: "none", stroke: "#5b5146", "stroke-dasharray": "3 2" }));
          const label = content >= 0 ? W("cart_with", { cube: names().cubes[content][1] }) : W("empty_cart");
          parts.push(content >= 0 ? target(`load:${level}:${content}`, cart, label) : svg("g", {}, svg("title", {}, label), cart));
        });
      }
    }
    // the cage, at its level
    const cy = 4 + p.cage_level * LEVEL_H;
    const inCage = [];
    p.cage.forEach((k, c) => { for (let i = 0; i < k; i++) inCage.push(c); });
    const cageLabel = W("cage_at", { where: names().at_level[p.cage_level], cubes: inCage.length ? p.cage.map((k, c) => (k ? names().cubes[c][Math.min(k, 5)] : "")).filter(Boolean).join(", ") : W("nothing") });
    parts.push(svg("g", { class: "cage", role: "img", "aria-label": cageLabel, "pointer-events": "none" }, svg("title", {}, cageLabel),
      svg("rect", { x: SHAFT_W - 54, y: cy + 2, width: 48, height: LEVEL_H - 6, rx: 3, fill: "#f4eedd", stroke: "#3b352c", "stroke-width": 2 }),
      ...inCage.map((c, i) => cube(c, SHAFT_W - 51 + (i % 3) * 14, cy + 4 + Math.floor(i / 3) * 13, 12))));
    return picture(width, height, W("pit", { player: p.name }), ...parts);
  }

  function ordersOf(p, targets) {
    const box = html("div", { class: "orders" });
    p.orders.forEach((order, k) => {
      const card = my.tables.cards[order.card];
      const size = 56;
      const item = html("div", { class: "order", title: `${W("order_number", { order: k + 1 })}: ${names().cards[order.card]}` },
        html("span", { class: "small", text: W("order_number", { order: k + 1 }) }), cardPicture(order.card, size, order.spots));
      if (targets) {
        const spots = html("div", { class: "spot-targets" });
        card.spots.forEach((colour, s) => {
          const steps = targets[`fill:${k + 1}:${s + 1}`];
          if (steps && steps.length) {
            spots.append(html("button", { type: "button", class: "spot-button", "aria-label": steps.map((x) => x.label).join(" / "), title: steps.map((x) => x.label).join(" / "), onclick: () => chooseStep(steps) },
              picture(22, 22, "", spotRing(colour, 1, 1, 20)), html("span", { text: `${s + 1}` })));
          }
        });
        item.append(spots);
      }
      box.append(item);
    });
    return box;
  }

  function pitFacts(p) {
    const light = p.tiles.filter((t) => !my.tables.tiles[t].dark).length;
    return html("p", { class: "small" }, `${W("tiles_count", { light, dark: p.tiles.length - light })} · ${W("delivered")}: ${p.delivered.length}`);
  }

  function drawPits() {
    const v = my.data.view;
    const box = $("pits");
    box.replaceChildren();
    const order = v.players.map((p, k) => k).sort((a, b) => (v.players[b].name === my.data.you) - (v.players[a].name === my.data.you));
    for (const seat of order) {
      const p = v.players[seat];
      const title = p.name === my.data.you ? W("your_pit") : W("pit", { player: p.name });
      box.append(html("article", { class: "pit", "aria-label": title },
        html("h2", {}, picture(16, 18, "", pawn(seat, 0, 0, 16)), html("span", { text: ` ${title}` })),
        html("div", { class: "pit-picture" }, pitPicture(p, null)), ordersOf(p, null), pitFacts(p)));
    }
  }

  // --- the draft and the draw choice ------------------------------------------------------------------------

  function drawDraft() {
    const v = my.data.view;
    const box = $("draft");
    box.hidden = v.phase !== "draft";
    if (box.hidden) return;
    box.replaceChildren(html("h2", { text: W("draft_cards") }));
    const row = html("div", { class: "cards" });
    v.draft_cards.forEach((card, k) => {
      if (card === null) return;
      const choice = my.data.choices.find((c) => c.command === "draft" && c.value === String(k + 1));
      const node = cardPicture(card, 64);
      row.append(choice
        ? html("button", { type: "button", class: "card-button legal", "aria-label": choice.label, title: choice.label, onclick: () => play(choice.action) }, node)
        : html("div", { class: "card-button" }, node));
    });
    box.append(row);
  }

  function drawDrawn() {
    const v = my.data.view;
    const box = $("drawn");
    const keeps = my.data.choices.filter((c) => c.command === "keep");
    box.hidden = !(v.phase === "draw" && keeps.length);
    if (box.hidden) return;
    const pending = v.pending;
    box.replaceChildren(html("h2", { text: W("drawn") }), html("p", { text: W("draw") }),
      html("div", { class: "cards" }, pending.cards.map((item, k) => html("div", { class: "drawn-item" },
        html("span", { class: "small", text: `${k + 1}` }), pending.kind === "tile" ? tilePicture(item, 48) : cardPicture(item, 48)))),
      html("div", { class: "choice-list" }, keeps.map((c) => html("button", { type: "button", class: "choice", onclick: () => play(c.action), text: c.label }))));
  }

  // --- the sheet: what a space does, and the choices there --------------------------------------------------

  function openSheet(title, ...body) {
    my.opener = document.activeElement;
    $("sheet-title").textContent = title;
    $("sheet-body").replaceChildren(...body);
    $("sheet-close").textContent = W("close");
    $("sheet").hidden = false;
    const first = $("sheet-body").querySelector("button, [tabindex]") || $("sheet-close");
    first.focus();
  }

  function closeSheet() {
    my.mining = null;
    $("sheet").hidden = true;
    if (my.opener && document.body.contains(my.opener)) my.opener.focus();
  }

  function helpOf(group) {
    const text = my.tables.help[group] || "";
    return html("p", { class: "help", text: text.replace(/[`*]/g, "") });
  }

  function openSpace(space) {
    const legal = choicesAt(space.index);
    const v = my.data.view;
    const count = v.space_workers[space.index];
    const body = [helpOf(space.group)];
    const content = spaceContent(space);
    if (content && content.picture) body.unshift(html("div", { class: "sheet-picture" }, spaceContent(space).picture));
    if (count) body.push(html("p", { text: W("workers_here", { workers: `${v.players[v.space_owner[space.index]].name} ×${count}` }) }));
    if (legal.length) {
      body.push(html("p", { class: "cost-line", text: W("cost", { workers: my.data.costs[space.index] }) }));
      body.push(html("h3", { text: W("space_choices") }));
      body.push(html("div", { class: "choice-list" }, legal.map((c) => html("button", {
        type: "button", class: "choice", text: c.label, onclick: () => (c.command === "mine" ? startMining(Number(c.value)) : play(c.action)),
      }))));
    } else {
      body.push(html("p", { class: "nothing", text: W("nothing_here") }));
    }
    openSheet(names().spaces[space.index], ...body);
  }

  function openBank() {
    const legal = my.data.choices.filter((c) => c.command === "bank");
    const body = [helpOf("bank")];
    if (legal.length) body.push(html("div", { class: "choice-list" }, legal.map((c) => html("button", { type: "button", class: "choice", text: c.label, onclick: () => play(c.action) }))));
    else body.push(html("p", { class: "nothing", text: W("nothing_here") }));
    openSheet(W("bank"), ...body);
  }

  // --- mining: a plan built on a picture of one's own pit, nothing played before Confirm ----------------------

  async function startMining(steps) {
    my.mining = { steps, plan: [], answer: null };
    await planMore();
  }

  async function planMore() {
    const m = my.mining;
    if (!m) return;
    const r = await call("POST", "/api/mine", { steps: m.steps, plan: m.plan.join(", ") });
    if (!r.ok) {
      notice(said(r));
      m.plan.pop();
      return;
    }
    m.answer = r.data;
    drawMining();
  }

  function chooseStep(steps) {
    if (steps.length === 1) { pushStep(steps[0]); return; }
    const list = html("div", { class: "choice-list step-choice", role: "group", "aria-label": W("choose_step") },
      html("p", { text: W("choose_step") }), steps.map((s) => html("button", { type: "button", class: "choice", text: s.label, onclick: () => pushStep(s) })));
    const panel = $("sheet-body").querySelector(".step-choice");
    if (panel) panel.replaceWith(list); else $("sheet-body").prepend(list);
    list.querySelector("button").focus();
  }

  function pushStep(step) {
    my.mining.plan.push(step.step);
    planMore();
  }

  function drawMining() {
    const m = my.mining;
    const a = m.answer;
    const targets = {};
    const add = (key, step) => { (targets[key] = targets[key] || []).push(step); };
    const pit = a.pit;
    for (const step of a.next) {
      if (step.op === "cage") add(`cage:${step.level}`, step);
      else if (step.op === "load") add(`load:${pit.cage_level}:${step.colour}`, step);
      else if (step.op === "store") add("store", step);
      else if (step.op === "fill") add(`fill:${step.order}:${step.spot}`, step);
    }
    const you = my.data.view.players.find((p) => p.name === my.data.you);
    const shown = Object.assign({}, you, { cage_level: pit.cage_level, cage: pit.cage, storage: pit.storage, carts: pit.carts, orders: pit.orders });
    const body = [
      html("p", { class: "mining-line", "data-left": String(a.left), text: W("mining", { steps: a.steps, left: a.left }) }),
      html("p", { class: "plan-line", text: W("plan", { plan: a.plan.length ? a.plan.join(", ") : W("no_step") }) }),
      html("div", { class: "pit-picture" }, pitPicture(shown, targets)),
      ordersOf(shown, targets),
      html("div", { class: "choice-list next-steps" }, a.next.map((s) => html("button", { type: "button", class: "choice step", text: s.label, onclick: () => pushStep(s) }))),
      html("div", { class: "mining-tools" },
        html("button", { type: "button", class: "confirm", disabled: a.plan.length ? null : true, text: W("confirm"), onclick: () => play(a.action) }),
        html("button", { type: "button", disabled: a.plan.length ? null : true, text: W("undo_step"), onclick: () => { m.plan.pop(); planMore(); } }),
        html("button", { type: "button", text: W("cancel"), onclick: closeSheet })),
    ];
    const title = names().spaces[my.tables.spaces.find((s) => s.group === "mine" && s.value === m.steps).index];
    if ($("sheet").hidden) openSheet(title, ...body);
    else { $("sheet-title").textContent = title; $("sheet-body").replaceChildren(...body); (document.querySelector("#sheet-body .target, #sheet-body .step") || $("sheet-close")).focus(); }
  }

  // --- playing -------------------------------------------------------------------------------------------

  async function play(action) {
    if (my.busy) return;
    my.busy = true;
    notice(W("sending"));
    const r = await call("POST", "/api/move", { version: my.data.version, action });
    my.busy = false;
    if (r.ok) {
      notice("");
      closeSheet();
      await refresh();
    } else if (r.status === 401) {
      signedOut();
    } else {
      notice(said(r));
      await refresh();
    }
  }

  async function undo() {
    if (my.busy) return;
    my.busy = true;
    const r = await call("POST", "/api/undo", { version: my.data.version });
    my.busy = false;
    notice(r.ok ? "" : said(r));
    await refresh();
  }

  // --- the whole page ---------------------------------------------------------------------------------------

  // What has the keyboard's focus, as a selector that finds it again once the page is drawn anew (a move
  // pushed while a player tabs through the board must not throw their focus back to the top).
  function focusKey(el) {
    if (!el || el === document.body || !el.closest("#board")) return null;
    if (el.dataset && el.dataset.space !== undefined) return `#board [data-space="${el.dataset.space}"]`;
    if (el.classList.contains("bank")) return "#board .space.bank";
    return null;
  }

  function drawAll() {
    const focused = focusKey(document.activeElement);
    drawPage();
    const again = focused ? document.querySelector(focused) : null;
    if (again && document.activeElement !== again) again.focus({ preventScroll: true });
  }

  function drawPage() {
    const d = my.data;
    document.documentElement.lang = my.tables.lang;
    document.title = W("title", { game: d.game });
    $("title").textContent = W("title", { game: d.game });
    $("status").textContent = d.you ? d.status_line : `${d.status_line} ${W("spectator")}`;
    $("shift").textContent = W("shift", { shift: d.view.shift });
    $("deadline").textContent = d.deadline && d.view.phase !== "over"
      ? W("deadline", { time: new Intl.DateTimeFormat(my.tables.lang, { dateStyle: "short", timeStyle: "short" }).format(new Date(d.deadline * 1000)) }) : "";
    document.body.classList.toggle("your-turn", Boolean(d.your_turn));
    const undoButton = $("undo");
    undoButton.hidden = !d.can_undo;
    undoButton.textContent = W("undo");
    $("table").hidden = false;
    drawDrawn();
    drawDraft();
    drawBoard();
    drawClock();
    drawPlayers();
    drawPits();
  }

  // One read of the state at a time: versions that come while one is under way are read once after it
  // (a computer's run of moves, a timer's), so a page never asks more than it shows.
  let reading = null;
  let readAgain = false;
  async function refresh() {
    if (reading) { readAgain = true; return reading; }
    reading = (async () => { do { readAgain = false; await readState(); } while (readAgain); })();
    try { await reading; } finally { reading = null; }
  }

  // A read refused for a passing reason (too many requests this second, the network, the server busy or
  // restarting) is made again after a while, so a page never stays on an older board than the game's.
  let againTimer = null;
  async function readState() {
    const r = await call("GET", "/api/state");
    if (r.status === 401) { signedOut(); return; }
    if (!r.ok) {
      notice(r.status === 404 ? W("no_game") : said(r));
      my.readFailed = true;
      if (r.status === 0 || r.status === 429 || r.status >= 500) readLater();
      return;
    }
    if (my.readFailed) notice(""); // what the failed read said is over (not what a refused move said)
    my.readFailed = false;
    my.readDelay = 1000;
    const changed = !my.data || my.data.version !== r.data.version;
    my.data = r.data;
    if (changed && my.mining) closeSheet(); // a plan made on an older board is gone with it
    drawAll();
    // what tests and benches wait on: the version shown, the phase, whether the viewer is to act
    document.body.dataset.version = String(r.data.version);
    document.body.dataset.phase = r.data.view.phase;
    document.body.dataset.yourTurn = String(Boolean(r.data.your_turn));
  }

  function readLater() {
    if (againTimer) return;
    againTimer = setTimeout(() => { againTimer = null; refresh(); }, my.readDelay);
    my.readDelay = Math.min(my.readDelay * 2, 10000);
  }

  // What a refused request says: the rules' or the game's refusal as the server wrote it, in the viewer's
  // words; else a reason's code (`Refused` in bot/web/server.py) put in words here.
  function said(r) {
    if (r.data && r.data.refused) return r.data.refused;
    const code = r.data && r.data.error;
    if (code === "signed_out") { signedOut(); return W("signed_out"); }
    if (code === "too_many_requests") return W("too_many");
    return W("failed");
  }

  function signedOut() {
    sessionStorage.removeItem(KEPT);
    my.session = null;
    $("table").hidden = true;
    $("status").textContent = W("signed_out");
    if (my.socket) my.socket.close();
  }

  function live() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${proto}//${location.host}${BASE}/api/live`);
    my.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ session: my.session }));
    socket.onmessage = (event) => {
      let message = {};
      try { message = JSON.parse(event.data); } catch (err) { return; }
      if (message.error) { signedOut(); return; }
      if (message.hello) { // (again, after a restart: what was missed is read now)
        my.retry = 500;
        $("live").hidden = false;
        $("live").textContent = `● ${W("live")}`;
        refresh();
        return;
      }
      if (message.version !== undefined && (!my.data || message.version !== my.data.version)) refresh();
    };
    socket.onclose = () => {
      $("live").textContent = W("reconnecting");
      if (!my.session) return;
      setTimeout(live, my.retry);
      my.retry = Math.min(my.retry * 2, 5000);
    };
  }

  async function activitySignIn() {
    const setup = await call("GET", "/api/setup");
    if (!setup.ok || !setup.data.activity) return null;
    await new Promise((resolve, reject) => {
      const script = html("script", { src: `${BASE}/static/activity.js` });
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    }).catch(() => null);
    if (!window.CoalActivity) return null;
    try {
      return await window.CoalActivity.signIn(setup.data.client_id, BASE, QUERY);
    } catch (err) {
      return null;
    }
  }

  async function signIn() {
    const hash = location.hash.slice(1);
    if (hash.includes(".")) {
      history.replaceState(null, "", location.pathname + location.search); // the token leaves the address bar
      const r = await call("POST", "/api/link", { token: hash });
      if (r.ok) return r.data.session;
    }
    const kept = sessionStorage.getItem(KEPT);
    if (kept) return kept;
    if (QUERY.has("frame_id") || QUERY.has("mock")) {
      const signed = await activitySignIn();
      if (signed) {
        if (signed.locale && !QUERY.get("lang")) my.lang = signed.locale;
        return signed.session;
      }
    }
    return null;
  }

  async function start() {
    $("sheet-close").addEventListener("click", closeSheet);
    $("sheet").addEventListener("click", (e) => { if (e.target === $("sheet")) closeSheet(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !$("sheet").hidden) closeSheet(); });
    $("undo").addEventListener("click", undo);
    const session = await signIn();
    const tables = await call("GET", "/api/tables");
    my.tables = tables.ok ? tables.data : null;
    if (!my.tables) { $("status").textContent = "…"; return; }
    if (!session) { signedOut(); return; }
    my.session = session;
    sessionStorage.setItem(KEPT, session);
    await refresh();
    live();
  }

  window.addEventListener("DOMContentLoaded", start);
})();
