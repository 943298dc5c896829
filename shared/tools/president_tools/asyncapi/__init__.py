"""The AsyncAPI document of the message contract (``president asyncapi``), generated from
the contract's models, the stored events and the bus permissions it documents."""
