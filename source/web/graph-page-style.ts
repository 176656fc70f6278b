/** The page's style sheet (inline in the page, allowed by its hash in the page's Content-Security-Policy). */
export const graphPageStyle = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:13px/1.4 system-ui,sans-serif;color:#1b1b1b;background:#fff}
body{display:flex;flex-direction:column}
header{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;padding:6px 10px;border-bottom:1px solid #ddd;background:#fafafa}
header h1{font-size:14px;margin:0 8px 0 0;font-weight:600;max-width:40vw;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
#search{width:28em;max-width:60vw;font:12px ui-monospace,monospace;padding:3px 6px}
#search-result{color:#b2182b}
button,select{font:inherit}
main{flex:1;display:flex;min-height:0}
#graph{flex:1;min-width:0;position:relative}
#details{width:min(440px,40vw);overflow:auto;border-left:1px solid #ddd;padding:8px 12px;font-size:12px}
#details h2{font:600 13px ui-monospace,monospace;word-break:break-all;margin:4px 0}
#details h3{font-size:12px;margin:12px 0 4px;color:#444}
#details dl{display:grid;grid-template-columns:fit-content(40%) 1fr;gap:2px 8px;margin:0}
#details dt{word-break:break-all}
#details dt{font-family:ui-monospace,monospace;color:#555}
#details dd{margin:0;font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}
#details .unknown{color:#6a51a3;font-style:italic}
#details .sensitive{color:#b2182b}
#details .error{color:#b2182b}
#details .dim,#details .hint,#details .kind{color:#666}
#details .mark{font-weight:600}
#details .added{color:#1a9850}#details .removed{color:#d73027}#details .changed{color:#d6604d}#details .moved{color:#4575b4}
#details pre{background:#f6f6f6;padding:6px;overflow:auto;font-size:11px}
#details ul{margin:0;padding-left:1em}
#details .why{list-style:none;padding:0;font-family:ui-monospace,monospace;white-space:pre-wrap}
footer{display:flex;flex-wrap:wrap;gap:4px 14px;padding:4px 10px;border-top:1px solid #ddd;font-size:11px;color:#444;background:#fafafa}
.legend-item{margin-right:8px;white-space:nowrap}
.legend-item i{display:inline-block;width:10px;height:10px;margin-right:3px;border:1px solid #555;vertical-align:-1px}
.legend-item i.mark-swatch{border-width:3px;background:#fff}
`;
