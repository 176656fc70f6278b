import type {Expression} from '../../hcl/ast.js';
import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import type {EdgeKind} from '../model.js';
import {interpretTraversal} from '../references.js';
import {referenceChainOf} from '../../lang/references.js';
import {resolveBlockTargets} from './blocks.js';

/**
Edges for `depends_on` (resources, data sources, module calls, outputs) and `lifecycle { replace_triggered_by }`.
*/
export const connectDependsOn: GraphStep = ({graph, input, textOf}) => {
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		const connect = (source: string, expressions: readonly Expression[], kind: EdgeKind): void => {
			for (const expression of expressions) {
				const traversal = referenceChainOf(expression);
				const target = traversal && interpretTraversal(traversal);
				if (!traversal || !target) {
					continue;
				}

				const origin = {expression: textOf(traversal), range: traversal.range};
				for (const id of resolveBlockTargets(node, target)) {
					graph.addEdge(join(prefix, source), id, kind, origin);
				}
			}
		};

		for (const resource of node.module.resources.values()) {
			connect(resource.key, resource.dependsOn, 'depends-on');
			connect(resource.key, resource.lifecycle.replaceTriggeredBy, 'replace-triggered-by');
		}

		for (const call of node.module.moduleCalls.values()) {
			connect(`module.${call.name}`, call.dependsOn, 'depends-on');
		}

		for (const output of node.module.outputs.values()) {
			connect(`output.${output.name}`, output.dependsOn, 'depends-on');
		}
	}
};
