import {loadWorkspace} from '../source/workspace.js';
const dir = process.argv[2]!;
const t0 = Date.now();
const ws = await loadWorkspace({directory: dir, environment: {}});
console.log(dir, Date.now() - t0, 'ms', ws.instances.resourceInstances.size, 'instances', ws.instances.moduleInstances.size, 'modules');
for (const d of ws.diagnostics.slice(0, 8)) console.log(' ', d.severity, d.subject ? `${d.subject.filename.split('/').pop()}:${d.subject.start.line}:${d.subject.start.column}` : '-', d.summary, '|', (d.detail ?? '').slice(0, 150));
