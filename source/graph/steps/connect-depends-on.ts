import type {Expression} from '../../hcl/ast.js';
import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import type {EdgeKind} from '../model.js';
import {resolveBlockTargets} from './blocks.js';
import {moduleReferences} from './module-references.js';

/**
Edges for `depends_on` (resources, data sources, module calls, outputs), `lifecycle { replace_triggered_by }` and `lifecycle { action_trigger }` (`triggers`).
*/
export const connectDependsOn: GraphStep = context => {
	const {graph, input} = context;
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		const {lists} = moduleReferences(node, context);
		const connect = (source: string, expressions: readonly Expression[], kind: EdgeKind): void => {
			for (const expression of expressions) {
				const reference = lists.get(expression);
				for (const id of reference?.target ? resolveBlockTargets(node, reference.target) : []) {
					graph.addEdge(join(prefix, source), id, kind, reference!.origin);
				}
			}
		};

		for (const resource of node.module.resources.values()) {
			connect(resource.key, resource.dependsOn, 'depends-on');
			connect(resource.key, resource.lifecycle.replaceTriggeredBy, 'replace-triggered-by');
		}

		// `lifecycle { action_trigger { actions = [action.TYPE.NAME] } }` (Terraform 1.14+): the resource node depends on the action's node, as hashicorp/terraform v1.16 transform_config.go (buildActionTriggers) connects them.
		for (const {resource, action, reference} of moduleReferences(node, context).triggers) {
			graph.addEdge(join(prefix, resource), join(prefix, action), 'triggers', reference.origin);
		}

		for (const call of node.module.moduleCalls.values()) {
			connect(`module.${call.name}`, call.dependsOn, 'depends-on');
		}

		for (const output of node.module.outputs.values()) {
			connect(`output.${output.name}`, output.dependsOn, 'depends-on');
		}
	}
};
